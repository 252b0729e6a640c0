import { IonButton, IonSpinner } from '@ionic/react';
import { type PayoutMethod, type PayoutSummary, payoutMethodLabels } from '@lastman/api';
import { formatPence, londonDate, londonDateTime, penceAsPounds, toPence } from '@lastman/api/format';
import { todayInLondon } from '@lastman/api/time';
import { type FormEvent, useState } from 'react';
import { showToast } from '../../../lib/toast.ts';
import { FormError, SelectField } from '../../../ui/form-field.tsx';
import { InlineLoading } from '../../../ui/page-loading.tsx';
import { useClearReview, usePayouts, useRecordPayout } from './api/game-admin-api.ts';

const methods = Object.keys(payoutMethodLabels) as PayoutMethod[];

/**
 * The prize of a finished competition: each winner's share, what the club has paid them (outside the
 * app) and a form to record a payment; and, prominently, a flag when a correction changed the winners.
 */
export function PayoutsPanel({ competitionId }: { competitionId: string }) {
  const summary = usePayouts(competitionId);
  if (summary.isPending) return <InlineLoading />;
  if (summary.isError) return <p role="alert">{summary.error.message}</p>;
  const s = summary.data;
  if (!s.finished && s.payouts.length === 0 && !s.review) return null;
  const headingId = `payouts-${competitionId}`;
  return (
    <section className="payouts" aria-labelledby={headingId} data-testid="payouts">
      <h3 id={headingId}>Prize and payouts</h3>
      {s.review ? <ReviewFlag competitionId={competitionId} review={s.review} /> : null}
      {s.finished ? <Winners summary={s} /> : <p className="muted small">No winners while it plays on.</p>}
      <PayoutList summary={s} />
      {s.finished && s.winners.some((w) => w.owedPence > 0) ? <RecordPayout summary={s} /> : null}
      {s.audit.length > 0 ? (
        <details className="payouts__audit">
          <summary>History ({s.audit.length})</summary>
          <ul className="list-plain">
            {s.audit.map((a) => (
              <li key={a.id} className="small">
                <span className="muted">
                  {londonDateTime(a.at)}
                  {a.byName ? ` · ${a.byName}` : ''}:
                </span>{' '}
                {a.message}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </section>
  );
}

function ReviewFlag({
  competitionId,
  review,
}: {
  competitionId: string;
  review: NonNullable<PayoutSummary['review']>;
}) {
  const clear = useClearReview();
  return (
    <div className="review-flag" role="alert" data-testid="review-flag">
      <strong>Needs review: the winners changed after a payout</strong>
      <p>{review.reason}</p>
      <p className="muted small">Flagged {londonDateTime(review.at)}.</p>
      <FormError message={clear.isError ? clear.error.message : null} />
      <IonButton
        size="small"
        fill="outline"
        disabled={clear.isPending}
        onClick={() =>
          clear.mutate(competitionId, {
            onSuccess: () => showToast('Review cleared. It stays in the history.'),
          })
        }
      >
        Mark as reviewed
      </IonButton>
    </div>
  );
}

function Winners({ summary: s }: { summary: PayoutSummary }) {
  return (
    <div className="table-scroll">
      <table className="picks-table">
        <caption className="small">
          Pot {formatPence(s.potPence)}
          {s.remainderPence > 0 ? ` · ${formatPence(s.remainderPence)} left over stays with the club` : ''}
        </caption>
        <thead>
          <tr>
            <th scope="col">Winner</th>
            <th scope="col">Share</th>
            <th scope="col">Paid</th>
            <th scope="col">Still owed</th>
          </tr>
        </thead>
        <tbody>
          {s.winners.length === 0 ? (
            <tr>
              <td colSpan={4}>No winner.</td>
            </tr>
          ) : (
            s.winners.map((w) => (
              <tr key={w.entryId}>
                <td>{w.playerName}</td>
                <td>{formatPence(w.sharePence)}</td>
                <td>{formatPence(w.paidPence)}</td>
                <td>{w.owedPence > 0 ? formatPence(w.owedPence) : 'paid in full'}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

function PayoutList({ summary: s }: { summary: PayoutSummary }) {
  if (s.payouts.length === 0) return <p className="muted small">No payouts recorded yet.</p>;
  return (
    <ul className="list-plain payouts__list">
      {s.payouts.map((p) => (
        <li key={p.id} className="small" data-payout={p.playerName}>
          <strong>{formatPence(p.amountPence)}</strong> to {p.playerName} · {payoutMethodLabels[p.method]}
          {p.reference ? ` · ref ${p.reference}` : ''} · paid {londonDate(p.paidAt)} · recorded by{' '}
          {p.recordedBy.name}
          {p.toWinner ? null : <span className="warn-text"> · no longer a winner</span>}
        </li>
      ))}
    </ul>
  );
}

function RecordPayout({ summary: s }: { summary: PayoutSummary }) {
  const owed = s.winners.filter((w) => w.owedPence > 0);
  const [entryId, setEntryId] = useState(owed[0]?.entryId ?? '');
  const winner = owed.find((w) => w.entryId === entryId) ?? owed[0];
  const [amount, setAmount] = useState(penceAsPounds(winner?.owedPence ?? 0));
  const [method, setMethod] = useState<PayoutMethod>('bank_transfer');
  const [reference, setReference] = useState('');
  const [date, setDate] = useState(todayInLondon);
  const record = useRecordPayout();
  const pence = toPence(amount);
  const id = `pay-${s.competitionId}`;
  if (!winner) return null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (pence === null) return;
    // A date only: today is now, an earlier day is noon UTC on it (the same day in UK time).
    const paidAt = date === todayInLondon() ? new Date().toISOString() : `${date}T12:00:00.000Z`;
    record.mutate(
      {
        competitionId: s.competitionId,
        payout: { entryId: winner.entryId, amountPence: pence, method, reference, paidAt },
      },
      {
        onSuccess: (next) => {
          showToast(`Recorded ${formatPence(pence)} paid to ${winner.playerName}.`);
          setReference('');
          // Stay on this winner while something is owed to them, else move to the next one owed.
          const following =
            next.winners.find((w) => w.entryId === winner.entryId && w.owedPence > 0) ??
            next.winners.find((w) => w.owedPence > 0);
          if (following) {
            setEntryId(following.entryId);
            setAmount(penceAsPounds(following.owedPence));
          }
        },
      },
    );
  };
  return (
    <form className="payouts__form" aria-label="Record a payout" onSubmit={submit}>
      <h4>Record a payout</h4>
      <p className="muted small">Prizes are paid by the club (bank transfer, cash); record each one here.</p>
      <div className="field-pair">
        <SelectField
          label="Winner"
          value={winner.entryId}
          onValue={(value) => {
            setEntryId(value);
            setAmount(penceAsPounds(owed.find((w) => w.entryId === value)?.owedPence ?? 0));
          }}
        >
          {owed.map((w) => (
            <option key={w.entryId} value={w.entryId}>
              {w.playerName} ({formatPence(w.owedPence)} owed)
            </option>
          ))}
        </SelectField>
        <div className={pence === null ? 'field field--invalid' : 'field'}>
          <label className="field__label" htmlFor={`${id}-amount`}>
            Amount (£)
          </label>
          <input
            id={`${id}-amount`}
            name="amount"
            className="field__control"
            inputMode="decimal"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            aria-invalid={pence === null}
          />
          {pence === null ? <p className="field__error">Give an amount such as 25.00</p> : null}
        </div>
      </div>
      <div className="field-pair">
        <SelectField label="Method" value={method} onValue={(value) => setMethod(value as PayoutMethod)}>
          {methods.map((m) => (
            <option key={m} value={m}>
              {payoutMethodLabels[m]}
            </option>
          ))}
        </SelectField>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-date`}>
            Paid on
          </label>
          <input
            id={`${id}-date`}
            name="paidOn"
            type="date"
            className="field__control"
            value={date}
            max={todayInLondon()}
            onChange={(e) => setDate(e.target.value)}
          />
        </div>
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-reference`}>
          Reference (optional)
        </label>
        <input
          id={`${id}-reference`}
          name="reference"
          className="field__control"
          maxLength={200}
          value={reference}
          onChange={(e) => setReference(e.target.value)}
        />
      </div>
      <FormError message={record.isError ? record.error.message : null} />
      <IonButton type="submit" size="small" disabled={pence === null || !date || record.isPending}>
        {record.isPending ? <IonSpinner name="dots" /> : 'Record payout'}
      </IonButton>
    </form>
  );
}
