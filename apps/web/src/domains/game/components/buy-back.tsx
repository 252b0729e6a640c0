import { IonButton, IonSpinner, useIonRouter } from '@ionic/react';
import type { BuyBackResult, MyEntry } from '@lastman/api';
import { ageOn, MIN_AGE_FOR_PAID_ENTRY } from '@lastman/api/account/rules';
import { formatPence, londonDateTime } from '@lastman/api/format';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { http } from '../../../lib/api.ts';
import { useMe } from '../../../lib/me.ts';
import { gameKeys } from '../../../lib/query-keys.ts';
import { FormError } from '../../../ui/form-field.tsx';
import { paymentPath, rememberPayment } from '../../payments/index.ts';

// POST /api/entries/:id/buy-back
export const buyBackEntry = (entryId: string) =>
  http.post<BuyBackResult>(`/api/entries/${encodeURIComponent(entryId)}/buy-back`);

export function useBuyBack(competitionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: buyBackEntry,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: gameKeys.competitions() });
      void queryClient.invalidateQueries({ queryKey: gameKeys.competition(competitionId) });
      void queryClient.invalidateQueries({ queryKey: gameKeys.screen() });
    },
  });
}

type Offer = NonNullable<MyEntry['buyBackOffer']>;

/**
 * A knocked-out entry that may come back in: "Buy back in for £3.00" through the same card screen as
 * entries, or "Rejoin free" at once; either before the next round's deadline.
 */
export function BuyBack({
  competitionId,
  entryId,
  offer,
}: {
  competitionId: string;
  entryId: string;
  offer: Offer;
}) {
  const buy = useBuyBack(competitionId);
  const router = useIonRouter();
  const [adult, setAdult] = useState(false);
  const dateOfBirth = useMe().data?.user.dateOfBirth;
  const paid = offer.pricePence > 0;
  if (paid && dateOfBirth && ageOn(dateOfBirth, new Date()) < MIN_AGE_FOR_PAID_ENTRY) {
    return (
      <p className="notice small" data-testid="buy-back-age">
        Buying back in is for players aged {MIN_AGE_FOR_PAID_ENTRY} or over.
      </p>
    );
  }
  const go = () =>
    buy.mutate(entryId, {
      onSuccess: async (result) => {
        if (result.kind !== 'checkout') return;
        await rememberPayment(result.checkout.order.id, result.checkout.payment);
        router.push(paymentPath(result.checkout.order.id), 'forward');
      },
    });
  return (
    <div className="buy-back" data-testid="buy-back">
      <p className="muted small">
        You can buy this entry back in once, until {londonDateTime(offer.closesAt)}: it comes back with no
        lives, and the teams it has used stay used.
      </p>
      {paid ? (
        <label className="buy__confirm">
          <input type="checkbox" checked={adult} onChange={(e) => setAdult(e.target.checked)} />
          <span>I am 18 or over.</span>
        </label>
      ) : null}
      <FormError message={buy.isError ? buy.error.message : null} />
      <IonButton size="small" onClick={go} disabled={buy.isPending || (paid && !adult)}>
        {buy.isPending ? (
          <IonSpinner name="dots" />
        ) : paid ? (
          `Buy back in for ${formatPence(offer.pricePence)}`
        ) : (
          'Rejoin free'
        )}
      </IonButton>
    </div>
  );
}
