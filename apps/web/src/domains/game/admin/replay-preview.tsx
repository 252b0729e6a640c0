import { IonButton, IonSpinner } from '@ionic/react';
import type { CompetitionDetail, CompetitionRules, ReplayOutcome, ReplayPreview } from '@lastman/api';
import { formatPence } from '@lastman/api/format';
import { useState } from 'react';
import { FormError } from '../../../ui/form-field.tsx';
import { useReplayCompetition } from './api/game-admin-api.ts';
import { RuleChoices } from './rule-choices.tsx';

/**
 * "Replay this season": the competition's own picks settled again under other rules, beside the
 * same replay under its real rules. Nothing is saved; it explains what a rules variant would do.
 */
export function ReplayPreviewPanel({ detail }: { detail: CompetitionDetail }) {
  const c = detail.competition;
  const [rules, setRules] = useState<CompetitionRules>(c.rules);
  const replay = useReplayCompetition();
  return (
    <details className="replay-preview">
      <summary>What if: replay with other rules</summary>
      <p className="muted small">
        Settles this competition’s entries and their own picks again, over the rounds played so far, under the
        rules you choose here. The competition itself does not change.
      </p>
      <RuleChoices value={rules} onChange={setRules} idPrefix={`replay-${c.id}`} />
      <FormError message={replay.isError ? replay.error.message : null} />
      <IonButton size="small" onClick={() => replay.mutate({ id: c.id, rules })} disabled={replay.isPending}>
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
    return `${r.survivors} in, ${r.eliminated} out${r.rollover ? ' (rollover)' : ''}`;
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
