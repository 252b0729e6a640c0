import { IonButton, IonSpinner, useIonRouter } from '@ionic/react';
import type { CompetitionDetail } from '@lastman/api';
import { ageOn, MIN_AGE_FOR_PAID_ENTRY } from '@lastman/api/account/rules';
import { formatPence } from '@lastman/api/format';
import { describeVariants } from '@lastman/api/game/rules';
import { useState } from 'react';
import { useMe } from '../../../lib/me.ts';
import { FormError } from '../../../ui/form-field.tsx';
import { paymentPath, rememberPayment, useCreateOrder } from '../../payments/index.ts';

/** Choose how many entries (within my allowance), see the total, and go to the card screen. */
export function BuyEntries({
  competition,
  unpaid = 0,
}: {
  competition: CompetitionDetail['competition'];
  unpaid?: number;
}) {
  // Unpaid entries hold their places until paid, cancelled or expired, but they are not the player's yet.
  const allowance = Math.max(0, competition.maxEntriesPerPlayer - competition.myEntries);
  const paid = competition.myEntries - unpaid;
  const [count, setCount] = useState(1);
  const [confirmedAge, setConfirmedAge] = useState(false);
  const create = useCreateOrder();
  const router = useIonRouter();
  const dateOfBirth = useMe().data?.user.dateOfBirth;
  // Said before the player tries, not after the server refuses the order.
  if (dateOfBirth && ageOn(dateOfBirth, new Date()) < MIN_AGE_FOR_PAID_ENTRY) {
    return (
      <p className="notice" data-testid="paid-entry-age">
        Paid entries are for players aged {MIN_AGE_FOR_PAID_ENTRY} or over. You can still play in the
        club&rsquo;s free competitions.
      </p>
    );
  }
  if (allowance === 0) {
    return (
      <p className="muted" data-testid="entry-allowance">
        {unpaid === 0
          ? `You have all ${competition.maxEntriesPerPlayer} of your entries for this competition.`
          : `${paid > 0 ? `You have ${paid} paid ${paid === 1 ? 'entry' : 'entries'}; ${unpaid} more` : unpaid === 1 ? 'Your entry' : `Your ${unpaid} entries`} ${unpaid === 1 ? 'waits' : 'wait'} for payment above: pay or cancel ${unpaid === 1 ? 'it' : 'them'}.`}
      </p>
    );
  }
  const n = Math.min(count, allowance);
  const buy = () =>
    create.mutate(
      { competitionId: competition.id, entries: n },
      {
        onSuccess: async ({ order, payment }) => {
          await rememberPayment(order.id, payment);
          router.push(paymentPath(order.id), 'forward');
        },
      },
    );
  return (
    <fieldset className="buy" aria-label={`Buy entries for ${competition.name}`}>
      <div className="buy__row">
        <span className="buy__label" id={`buy-${competition.id}`}>
          Entries
        </span>
        <div className="stepper">
          <IonButton
            fill="outline"
            size="small"
            aria-label="One fewer entry"
            disabled={n <= 1}
            onClick={() => setCount(n - 1)}
          >
            −
          </IonButton>
          <output
            className="stepper__value"
            aria-live="polite"
            aria-labelledby={`buy-${competition.id}`}
            data-testid="entry-count"
          >
            {n}
          </output>
          <IonButton
            fill="outline"
            size="small"
            aria-label="One more entry"
            disabled={n >= allowance}
            onClick={() => setCount(n + 1)}
          >
            +
          </IonButton>
        </div>
        <span className="buy__total">
          Total <strong data-testid="order-total">{formatPence(n * competition.entryFeePence)}</strong>
        </span>
      </div>
      <p className="muted small">
        {formatPence(competition.entryFeePence)} per entry · you can buy {allowance} more
        {paid > 0 ? ` (you have ${paid})` : ''}
        {unpaid > 0 ? `, ${unpaid} not paid yet` : ''}.
      </p>
      <PaidTerms competition={competition} />
      <label className="buy__confirm">
        <input type="checkbox" checked={confirmedAge} onChange={(e) => setConfirmedAge(e.target.checked)} />
        <span>
          I am {MIN_AGE_FOR_PAID_ENTRY} or over, and I accept these terms
          {competition.buyBack !== null && competition.buyBack.pricePence > 0 ? ', for any buy-back too' : ''}
          .
        </span>
      </label>
      <FormError message={create.isError ? create.error.message : null} />
      <IonButton expand="block" onClick={buy} disabled={create.isPending || !confirmedAge}>
        {create.isPending ? <IonSpinner name="dots" /> : `Buy ${n === 1 ? '1 entry' : `${n} entries`}`}
      </IonButton>
    </fieldset>
  );
}

/** What a player agrees to before paying: the rules, where the money goes, a cancellation, and where to get help. */
function PaidTerms({ competition: c }: { competition: CompetitionDetail['competition'] }) {
  const router = useIonRouter();
  const rules = `/rules?competition=${encodeURIComponent(c.id)}`;
  const prize =
    c.prizeModel === 'fixed'
      ? `The winner takes a fixed prize of ${formatPence(c.prizePence)}, shared if several entries win together.`
      : `The entry fees${c.buyBack !== null && c.buyBack.pricePence > 0 ? ' and buy-backs' : ''} make the pot${c.houseSharePercent > 0 ? `, less the club's ${c.houseSharePercent}%` : ''}; the last entry standing takes it, and it is shared if several entries win together.`;
  return (
    <div className="buy__terms" data-testid="paid-terms">
      <p className="small">
        {prize} If the club cancels the competition, every entry fee is refunded to your card.{' '}
        <a
          href={rules}
          onClick={(e) => {
            e.preventDefault();
            router.push(rules, 'forward');
          }}
        >
          Rules of this competition
        </a>
        .
      </p>
      <ul className="buy__variants small" data-testid="paid-terms-variants">
        {describeVariants(c).map((line) => (
          <li key={line.key}>
            <strong>{line.label}:</strong> {line.text}
          </li>
        ))}
      </ul>
      <p className="small muted">
        Play for fun, with money you can afford to lose. Worried about gambling? Visit BeGambleAware.org or
        call the GamCare helpline free on <a href="tel:08088020133">0808 8020 133</a>.
      </p>
    </div>
  );
}
