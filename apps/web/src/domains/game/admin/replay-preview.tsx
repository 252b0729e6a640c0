import { IonButton, IonSpinner } from '@ionic/react';
import type {
  BuyBack,
  CompetitionDetail,
  CompetitionRules,
  ReplayOutcome,
  ReplayPreview,
} from '@lastman/api';
import { formatPence, penceAsPounds, toPence } from '@lastman/api/format';
import { competitionRoundOf, describeVariants, MAX_ENTRY_FEE_PENCE } from '@lastman/api/game/rules';
import { useState } from 'react';
import { FormError, FormField, SelectField } from '../../../ui/form-field.tsx';
import { useReplayCompetition } from './api/game-admin-api.ts';
import { LIVES_CHOICES, livesChoiceText } from './competition-form.tsx';
import { RuleChoices } from './rule-choices.tsx';

/**
 * "Replay this season": the competition's own picks settled again under other rules, beside the
 * same replay under its real rules. Nothing is saved; it explains what a rules variant would do.
 */
export function ReplayPreviewPanel({ detail }: { detail: CompetitionDetail }) {
  const c = detail.competition;
  const [rules, setRules] = useState<CompetitionRules>(c.rules);
  const [buyBackUntil, setBuyBackUntil] = useState(c.buyBack ? String(c.buyBack.untilRound) : '');
  // Priced as the competition's own buy-back, else as an entry.
  const [buyBackPrice, setBuyBackPrice] = useState(penceAsPounds(c.buyBack?.pricePence ?? c.entryFeePence));
  const [priceError, setPriceError] = useState<string | undefined>();
  const replay = useReplayCompetition();
  const free = c.prizeModel === 'free';
  const rounds = detail.rounds.filter((r) => !r.isVoid && r.round >= c.startRound);
  const pricePence = free ? 0 : toPence(buyBackPrice);
  const buyBack: BuyBack | null =
    buyBackUntil === '' ? null : { untilRound: Number(buyBackUntil), pricePence: pricePence ?? 0 };
  const run = () => {
    if (buyBack !== null && (pricePence === null || pricePence > MAX_ENTRY_FEE_PENCE)) {
      setPriceError(`Give a price from £0 to ${formatPence(MAX_ENTRY_FEE_PENCE)}, such as 5 or 2.50.`);
      return;
    }
    setPriceError(undefined);
    replay.mutate({ id: c.id, rules, buyBack });
  };
  return (
    <details className="replay-preview">
      <summary>What if: replay with other rules</summary>
      <p className="muted small">
        Settles this competition’s entries and their own picks again, over the rounds played so far, under the
        rules you choose here. The competition itself does not change.
      </p>
      <RuleChoices value={rules} onChange={setRules} idPrefix={`replay-${c.id}`} />
      <div className="form-grid">
        <SelectField
          label="Lives"
          name="replayLives"
          value={String(rules.lives)}
          onValue={(v) => setRules({ ...rules, lives: Number(v) })}
        >
          {LIVES_CHOICES.map((n) => (
            <option key={n} value={n}>
              {livesChoiceText(n)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Buy-backs"
          name="replayBuyBackUntil"
          value={buyBackUntil}
          onValue={setBuyBackUntil}
        >
          <option value="">No buy-backs</option>
          {/* The window in the competition's own rounds (1: its first), as the API takes it. */}
          {rounds.map((r) => (
            <option key={r.round} value={competitionRoundOf(c.startRound, r.round)}>
              Knocked out up to round {r.round}
            </option>
          ))}
        </SelectField>
        {buyBackUntil !== '' && !free ? (
          <FormField
            label="Buy-back price (£)"
            name="replayBuyBackPrice"
            value={buyBackPrice}
            onValue={setBuyBackPrice}
            inputMode="decimal"
            error={priceError}
          />
        ) : null}
      </div>
      <div className="rule-preview small" data-testid="replay-variants">
        {describeVariants({ rules, buyBack, startRound: c.startRound, prizeModel: c.prizeModel }).map(
          (line) => (
            <p key={line.key}>
              <strong>{line.label}:</strong> {line.text}
            </p>
          ),
        )}
        {buyBack !== null ? (
          <p className="muted">
            The replay buys back every entry knocked out within the window, once: the most buy-backs could
            change. Under the real rules, only the buy-backs players actually made count.
          </p>
        ) : null}
      </div>
      <FormError message={replay.isError ? replay.error.message : null} />
      <IonButton onClick={run} disabled={replay.isPending}>
        {replay.isPending ? <IonSpinner name="dots" /> : 'Replay'}
      </IonButton>
      {replay.data ? <ReplayComparison preview={replay.data} /> : null}
    </details>
  );
}

function verdict(o: ReplayOutcome): string {
  if (!o.decided) {
    const last = o.rounds.at(-1);
    return last ? `Undecided: ${last.survivors} still in after round ${last.round}.` : 'No round played yet.';
  }
  const prize = formatPence(o.payoutPence ?? 0);
  if (o.winners.length === 0) return `Decided in round ${o.finalRound}, with no winner.`;
  if (o.winners.length === 1) return `${o.winners[0]} wins ${prize} in round ${o.finalRound}.`;
  return `Shared in round ${o.finalRound} by ${o.winners.join(', ')}: ${prize} each.`;
}

function ReplayComparison({ preview }: { preview: ReplayPreview }) {
  const { actual, variant } = preview;
  const rounds = [...new Set([...actual.rounds, ...variant.rounds].map((r) => r.round))].sort(
    (a, b) => a - b,
  );
  const cell = (o: ReplayOutcome, round: number) => {
    const r = o.rounds.find((x) => x.round === round);
    if (!r) return '–';
    if (r.status === 'void') return 'void';
    const extras = [
      r.livesLost > 0 ? `${r.livesLost} lost a life` : null,
      r.boughtBack > 0 ? `${r.boughtBack} bought back` : null,
    ].filter(Boolean);
    return `${r.survivors} in, ${r.eliminated} out${r.rollover ? ' (rollover)' : ''}${extras.length > 0 ? ` · ${extras.join(', ')}` : ''}`;
  };
  return (
    <div className="replay-result" data-testid="replay-result" aria-live="polite">
      <p className="small">
        {preview.entries} entries · pot {formatPence(preview.potPence)} ·{' '}
        {preview.throughRound === null ? 'no round settled yet' : `rounds up to ${preview.throughRound}`}
      </p>
      {rounds.length === 0 ? null : (
        <div className="table-scroll">
          <table className="picks-table">
            <caption className="visually-hidden">
              Each round under the real rules and under the chosen rules
            </caption>
            <thead>
              <tr>
                <th scope="col">Round</th>
                <th scope="col">Real rules</th>
                <th scope="col">Chosen rules</th>
              </tr>
            </thead>
            <tbody>
              {rounds.map((round) => (
                <tr key={round} className={cell(actual, round) === cell(variant, round) ? '' : 'differs'}>
                  <td>{round}</td>
                  <td>{cell(actual, round)}</td>
                  <td>{cell(variant, round)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <dl className="replay-verdicts">
        <dt>Real rules</dt>
        <dd data-testid="replay-actual">{verdict(actual)}</dd>
        <dt>Chosen rules</dt>
        <dd data-testid="replay-variant">{verdict(variant)}</dd>
      </dl>
    </div>
  );
}
