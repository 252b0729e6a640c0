import { IonButton } from '@ionic/react';
import type { Shift, ShiftSwap } from '@lastman/api';
import { type FormEvent, useId, useState } from 'react';
import { londonTime } from '../../lib/format.ts';
import { useMe } from '../../lib/me.ts';
import { showToast } from '../../lib/toast.ts';
import { FormError, SelectField } from '../../ui/form-field.tsx';
import { InlineLoading } from '../../ui/page-loading.tsx';
import {
  useAnswerSwap,
  useColleagues,
  useMySwaps,
  useOfferSwap,
  useWithdrawSwap,
} from './api/rota-extras-api.ts';
import { formatDay, londonParts } from './rota-time.ts';

export const SWAP_STATUS: Record<ShiftSwap['status'], string> = {
  offered: 'Waiting for the colleague',
  accepted: 'Accepted, waiting for a manager',
  approved: 'Approved: the rota has changed',
  declined: 'Declined',
  refused: 'Refused by a manager',
  withdrawn: 'Withdrawn',
};

/** A swap not yet decided: the one who offered may still withdraw it. */
export const isLive = (s: ShiftSwap) => s.status === 'offered' || s.status === 'accepted';

/** "Cellar, Monday 30 November 17:00–22:00" (London time). */
const shiftLabel = (s: { position: string; startsAt: string; endsAt: string }) =>
  `${s.position}, ${formatDay(londonParts(s.startsAt).date)} ${londonTime(s.startsAt)}–${londonTime(s.endsAt)}`;

export function SwapLine({ swap, children }: { swap: ShiftSwap; children?: React.ReactNode }) {
  return (
    <div className="rota-shift rota-shift--stack" data-testid="swap">
      <div className="rota-shift__main">
        <div className="rota-shift__time">
          {swap.fromName ?? 'Someone'} → {swap.toName ?? 'someone'}
        </div>
        <div>
          {shiftLabel(swap.shift)}
          {swap.otherShift ? ` for ${shiftLabel(swap.otherShift)}` : ''}
        </div>
        <div className="rota-shift__meta">{SWAP_STATUS[swap.status]}</div>
      </div>
      {children}
    </div>
  );
}

/** Yes/no buttons: the colleague's accept/decline, the admin's approve/refuse. */
export function AnswerButtons({
  pending,
  onAnswer,
  yes,
  no,
}: {
  pending: boolean;
  onAnswer: (yes: boolean) => void;
  yes: string;
  no: string;
}) {
  return (
    <div>
      <IonButton size="small" disabled={pending} onClick={() => onAnswer(true)}>
        {yes}
      </IonButton>
      <IonButton size="small" fill="outline" disabled={pending} onClick={() => onAnswer(false)}>
        {no}
      </IonButton>
    </div>
  );
}

export function WithdrawSwapButton({ swap }: { swap: ShiftSwap }) {
  const withdraw = useWithdrawSwap();
  return (
    <IonButton
      size="small"
      fill="clear"
      color="danger"
      disabled={withdraw.isPending}
      aria-label={`Withdraw the swap of ${shiftLabel(swap.shift)}`}
      onClick={() =>
        withdraw.mutate(swap.id, {
          onSuccess: () => showToast('Swap withdrawn: the shift stays yours.'),
          onError: (e) => showToast(e.message, 'error'),
        })
      }
    >
      Withdraw
    </IonButton>
  );
}

/**
 * Offers one of the viewer's published shifts to a colleague: given away, or traded for one of the
 * colleague's own coming shifts. The colleague accepts, then a manager approves.
 */
export function SwapOfferForm({ shift, onClose }: { shift: Shift; onClose: () => void }) {
  const headingId = useId();
  const colleagues = useColleagues(true);
  const offer = useOfferSwap();
  const [to, setTo] = useState('');
  const [other, setOther] = useState('');
  const [error, setError] = useState<string | null>(null);
  const person = colleagues.data?.colleagues.find((c) => c.userId === to);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!person) return setError('Choose the colleague to offer the shift to.');
    setError(null);
    offer.mutate(
      { shiftId: shift.id, toUserId: person.userId, ...(other && { otherShiftId: other }) },
      {
        onSuccess: () => {
          showToast(`Offered to ${person.name}. They accept, then a manager approves.`);
          onClose();
        },
        onError: (err) => setError(err.message),
      },
    );
  };
  return (
    <form className="rota-swap-form" onSubmit={submit} noValidate aria-labelledby={headingId}>
      <h3 id={headingId} className="rota-day">
        Swap or give away: {shiftLabel(shift)}
      </h3>
      <FormError message={error} />
      {colleagues.isPending ? (
        <InlineLoading label="Loading your colleagues" />
      ) : colleagues.isError ? (
        <p className="form-error" role="alert">
          Your colleagues could not be loaded: {colleagues.error.message}
        </p>
      ) : colleagues.data.colleagues.length === 0 ? (
        <p className="muted">There is no one else on the club’s staff to offer it to.</p>
      ) : (
        <>
          <SelectField
            label="Colleague"
            value={to}
            onValue={(v) => {
              setTo(v);
              setOther('');
            }}
          >
            <option value="">Choose a colleague</option>
            {colleagues.data.colleagues.map((c) => (
              <option key={c.userId} value={c.userId}>
                {c.name}
              </option>
            ))}
          </SelectField>
          {person ? (
            person.shifts.length ? (
              <SelectField label="In exchange" value={other} onValue={setOther}>
                <option value="">Nothing: give the shift away</option>
                {person.shifts.map((s) => (
                  <option key={s.id} value={s.id}>
                    Their {shiftLabel(s)}
                  </option>
                ))}
              </SelectField>
            ) : (
              <p className="muted">
                {person.name} has no shifts in the next eight weeks to trade for: the offer gives yours away.
              </p>
            )
          ) : null}
        </>
      )}
      <div className="rota-actions">
        <IonButton type="submit" disabled={offer.isPending || !colleagues.data?.colleagues.length}>
          Send offer
        </IonButton>
        <IonButton fill="outline" onClick={onClose}>
          Cancel
        </IonButton>
      </div>
    </form>
  );
}

/** The viewer's swaps, either side: offers to answer, and their own offers with their state. */
export function MySwaps() {
  const me = useMe();
  const swaps = useMySwaps();
  const answer = useAnswerSwap();
  const myId = me.data?.user.id;
  return (
    <section className="card" aria-labelledby="my-swaps">
      <h2 id="my-swaps">Shift swaps</h2>
      {swaps.isPending ? (
        <InlineLoading label="Loading your swaps" />
      ) : swaps.isError ? (
        <p className="form-error" role="alert">
          Your swaps could not be loaded: {swaps.error.message}
        </p>
      ) : swaps.data.swaps.length === 0 ? (
        <p className="muted">
          No swaps yet. To swap a shift or give it away, use “Swap or give away” beside it.
        </p>
      ) : (
        swaps.data.swaps.map((w) => (
          <SwapLine key={w.id} swap={w}>
            {w.status === 'offered' && w.toUserId === myId ? (
              <AnswerButtons
                pending={answer.isPending}
                onAnswer={(accept) =>
                  answer.mutate(
                    { id: w.id, accept },
                    {
                      onSuccess: () =>
                        showToast(accept ? 'Accepted: a manager approves it next.' : 'Declined.'),
                      onError: (e) => showToast(e.message, 'error'),
                    },
                  )
                }
                yes="Accept"
                no="Decline"
              />
            ) : isLive(w) && w.fromUserId === myId ? (
              <WithdrawSwapButton swap={w} />
            ) : null}
          </SwapLine>
        ))
      )}
    </section>
  );
}
