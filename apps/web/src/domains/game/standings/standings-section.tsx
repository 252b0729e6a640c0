import { IonButton, IonSegment, IonSegmentButton } from '@ionic/react';
import type { CompetitionDetail } from '@lastman/api';
import { formatPence, londonDateTime } from '@lastman/api/format';
import { liveEntryStateText } from '@lastman/api/game/rules';
import { type ReactNode, useState } from 'react';
import { InlineLoading } from '../../../ui/page-loading.tsx';
import { useRoundPicks } from '../api/game-api.ts';
import { entryLabel } from '../components/entry-label.ts';
import { EntryStatusPill, LivesLeft, outcomeClass, outcomeLabel } from '../components/status-pill.tsx';
import { useCompetitionLive } from '../live/live-api.ts';
import { PickHistory } from './pick-history.tsx';
import { RoundResult } from './round-result.tsx';
import { SurvivalChart } from './survival-chart.tsx';

/** A player's name, with the entry's number when they have several ("Jo Bloggs (2)"). */

/** Who is still in, who went out in which round, and every round's picks once its deadline passed. */
export function StandingsSection({ detail }: { detail: CompetitionDetail }) {
  const [view, setView] = useState<'table' | 'picks'>('table');
  // The entry whose pick history is open, tapped from a name below.
  const [open, setOpen] = useState<{ id: string; name: string } | null>(null);
  const nameButton = (n: { id: string; name: string }, extra?: ReactNode) => (
    <button
      type="button"
      className="name-button"
      aria-expanded={open?.id === n.id}
      aria-label={`${n.name}: picks`}
      onClick={() => setOpen(open?.id === n.id ? null : n)}
    >
      {n.name}
      {extra}
    </button>
  );
  const { competition, standings, rounds, payouts } = detail;
  const stillIn = standings.filter((s) => s.status === 'active' || s.status === 'won');
  const out = standings.filter((s) => s.status === 'eliminated');
  const byRound = new Map<number, { id: string; name: string }[]>();
  for (const s of out) {
    const r = s.eliminatedRound ?? 0;
    byRound.set(r, [...(byRound.get(r) ?? []), { id: s.entryId, name: entryLabel(s) }]);
  }
  // On match day: each entry still in, as the scores stand (kept current by the live events).
  const live = useCompetitionLive(competition.id, competition.status === 'running');
  const liveState = new Map(
    live.data && !live.data.settled ? live.data.entries.map((e) => [e.entryId, e.state]) : [],
  );
  const lockedRounds = rounds.filter((r) => !r.isVoid && r.state !== 'upcoming').map((r) => r.round);
  return (
    <section className="standings" aria-label={`Standings of ${competition.name}`}>
      <IonSegment
        value={view}
        onIonChange={(e) => setView(e.detail.value === 'picks' ? 'picks' : 'table')}
        aria-label="Standings view"
      >
        <IonSegmentButton value="table">Who is in</IonSegmentButton>
        <IonSegmentButton value="picks">Picks by round</IonSegmentButton>
      </IonSegment>
      {view === 'table' ? (
        <div className="standings__table">
          <RoundResult detail={detail} />
          <SurvivalChart rounds={rounds} />
          {open ? (
            <PickHistory
              key={open.id}
              competitionId={competition.id}
              entryId={open.id}
              label={open.name}
              onClose={() => setOpen(null)}
            />
          ) : null}
          {payouts && payouts.winners.length > 0 ? (
            <div className="winners">
              <h4>Winners</h4>
              <ul>
                {payouts.winners.map((w) => (
                  <li key={w.entryId}>
                    {entryLabel(w)} · {formatPence(w.pence)}
                  </li>
                ))}
              </ul>
              {payouts.remainderPence > 0 ? (
                <p className="muted small">
                  {formatPence(payouts.remainderPence)} left over stays with the club.
                </p>
              ) : null}
            </div>
          ) : null}
          <p className="muted small">Tap a name to see that player&rsquo;s picks.</p>
          <h4>
            Still in <span className="count">{stillIn.length}</span>
          </h4>
          {stillIn.length === 0 ? (
            <p className="muted">Nobody yet.</p>
          ) : (
            <ul className="names">
              {stillIn.map((s) => (
                <li key={s.entryId}>
                  {nameButton(
                    { id: s.entryId, name: entryLabel(s) },
                    s.status === 'won' ? (
                      <>
                        {' '}
                        <EntryStatusPill status="won" />
                      </>
                    ) : competition.rules.lives > 0 || liveState.has(s.entryId) ? (
                      <>
                        {competition.rules.lives > 0 && (
                          <>
                            {' '}
                            <LivesLeft lives={competition.rules.lives} livesLeft={s.livesLeft} />
                          </>
                        )}
                        {liveState.has(s.entryId) && (
                          <span className="muted small" data-testid="standings-live-state">
                            {' '}
                            · {liveEntryStateText[liveState.get(s.entryId) ?? 'waiting']}
                          </span>
                        )}
                      </>
                    ) : null,
                  )}
                </li>
              ))}
            </ul>
          )}
          {[...byRound.entries()]
            .sort((a, b) => b[0] - a[0])
            .map(([round, names]) => (
              <div key={round}>
                <h4>
                  Out in round {round} <span className="count">{names.length}</span>
                </h4>
                <ul className="names names--out">
                  {names.map((n) => (
                    <li key={n.id}>{nameButton(n)}</li>
                  ))}
                </ul>
              </div>
            ))}
        </div>
      ) : lockedRounds.length === 0 ? (
        <p className="muted">
          Picks become public when a round&rsquo;s deadline passes. Nobody sees anyone else&rsquo;s pick
          before then.
        </p>
      ) : (
        <RoundPicksView competitionId={competition.id} rounds={lockedRounds} />
      )}
    </section>
  );
}

function RoundPicksView({ competitionId, rounds }: { competitionId: string; rounds: number[] }) {
  const [index, setIndex] = useState(rounds.length - 1);
  const round = rounds[Math.min(index, rounds.length - 1)] ?? null;
  const picks = useRoundPicks(competitionId, round);
  const max = Math.max(1, ...(picks.data?.counts.map((c) => c.count) ?? [1]));
  return (
    <div>
      <div className="round-nav">
        <IonButton fill="clear" size="small" disabled={index <= 0} onClick={() => setIndex(index - 1)}>
          ‹ Earlier
        </IonButton>
        <strong>Round {round}</strong>
        <IonButton
          fill="clear"
          size="small"
          disabled={index >= rounds.length - 1}
          onClick={() => setIndex(index + 1)}
        >
          Later ›
        </IonButton>
      </div>
      {picks.isPending ? (
        <InlineLoading />
      ) : picks.isError ? (
        <p role="alert">{picks.error.message}</p>
      ) : !picks.data.public ? (
        <p className="muted">
          Picks for round {picks.data.round} are hidden until{' '}
          {picks.data.deadline ? londonDateTime(picks.data.deadline) : 'the deadline'}.
        </p>
      ) : picks.data.picks.length === 0 ? (
        <p className="muted">No picks were made in this round.</p>
      ) : (
        <>
          <ul className="bars" aria-label={`Picks per team in round ${picks.data.round}`}>
            {picks.data.counts.map((c) => (
              <li key={c.teamId}>
                <span className="bars__team">{c.teamName}</span>
                <span
                  className="bars__bar"
                  style={{ width: `${(c.count / max) * 100}%` }}
                  aria-hidden="true"
                />
                <span className="bars__count">{c.count}</span>
              </li>
            ))}
          </ul>
          <details className="pick-list">
            <summary>Every pick ({picks.data.picks.length})</summary>
            <ul>
              {picks.data.picks.map((p) => (
                <li key={p.entryId} className={p.mine ? 'mine' : undefined}>
                  <span>{entryLabel(p)}</span>
                  <span>
                    {p.teamName}
                    {p.auto ? ' (auto)' : ''}
                  </span>
                  <span className={outcomeClass(p)}>{outcomeLabel(p)}</span>
                </li>
              ))}
            </ul>
          </details>
        </>
      )}
    </div>
  );
}
