import { IonButton, IonSpinner } from '@ionic/react';
import type { CompetitionDetail, CompetitionSummary, MyEntry } from '@lastman/api';
import { formatPence } from '@lastman/api/format';
import { roundFateText } from '@lastman/api/game/rules';
import { Suspense, useState } from 'react';
import { hasRole, useMe } from '../../../lib/me.ts';
import { FormError } from '../../../ui/form-field.tsx';
import { lazyPart } from '../../../ui/lazy-part.tsx';
import { InlineLoading } from '../../../ui/page-loading.tsx';
import { UnpaidOrders } from '../../payments/index.ts';
import { useJoinCompetition } from '../api/game-api.ts';
import { isRoundInPlay } from '../live/live-api.ts';
import { Deadline } from './deadline.tsx';
import { CompetitionStatusPill, EntryStatusPill, LivesLeft } from './status-pill.tsx';

export const teamSelectionsLink = (competitionId: string, entryId: string, round: number) =>
  `/teamselections?competition=${encodeURIComponent(competitionId)}&entry=${encodeURIComponent(entryId)}&round=${round}`;

// Only open paid competitions show it, and only to signed-in players: not the first screen's code.
const BuyEntries = lazyPart(async () => (await import('./buy-entries.tsx')).BuyEntries);
// Only an entry knocked out inside a buy-back window shows it: not on the first screen.
const BuyBack = lazyPart(async () => (await import('./buy-back.tsx')).BuyBack);

// Loaded when first opened: with it go the segment components, which the first screen does not need.
const StandingsSection = lazyPart(async () => (await import('../standings/index.ts')).StandingsSection);

// Match day: the round's live scores and who is still in as they stand; only running competitions show it.
const LivePanel = lazyPart(async () => (await import('../live/live-panel.tsx')).LivePanel);

// A player's own pick history: the standings' component, loaded with it when first opened.
const PickHistory = lazyPart(async () => (await import('../standings/index.ts')).PickHistory);

const isPaid = (c: CompetitionSummary) => c.prizeModel !== 'free' && c.entryFeePence > 0;

/** One competition on the game page: where it stands, my entries and picks, and how to join. */
export function CompetitionCard({ detail }: { detail: CompetitionDetail }) {
  const [showStandings, setShowStandings] = useState(false);
  const c = detail.competition;
  const headingId = `comp-${c.id}`;
  const unpaidIds = detail.myEntries.filter((e) => e.status === 'pending').map((e) => e.id);
  const me = useMe();
  // Players see the live panel while the round is played; admins also before, for the demo's button.
  const inPlay = isRoundInPlay(c);
  // Once shown, the panel stays on this screen: at full time it turns into the round's result (the
  // settled round's reveal) rather than vanishing, until the next round is played.
  const [watched, setWatched] = useState(false);
  if (inPlay && !watched) setWatched(true);
  const showLive =
    inPlay ||
    (c.status === 'running' && hasRole(me.data?.role, 'admin')) ||
    (watched && (c.status === 'running' || c.status === 'finished'));
  return (
    <section className="card competition" aria-labelledby={headingId} data-competition={c.name}>
      <div className="competition__head">
        <h2 id={headingId}>{c.name}</h2>
        <CompetitionStatusPill status={c.status} />
      </div>
      <p className="muted small">{c.seasonName}</p>
      {c.description ? <p className="competition__description">{c.description}</p> : null}
      <dl className="stats">
        <div>
          <dt>Round</dt>
          <dd>{c.currentRound ?? '–'}</dd>
        </div>
        <div>
          <dt>Pot</dt>
          <dd data-testid="pot">{formatPence(c.potPence)}</dd>
        </div>
        <div>
          <dt>Entries left</dt>
          <dd data-testid="entries-remaining">
            {c.entriesTotal === 0 ? (
              // Not "0 of 0", which reads as sold out.
              <span className="small">No entries yet</span>
            ) : (
              <>
                {c.entriesRemaining} <span className="muted small">of {c.entriesTotal}</span>
              </>
            )}
          </dd>
        </div>
        <div>
          <dt>Entry</dt>
          <dd>{isPaid(c) ? formatPence(c.entryFeePence) : 'Free'}</dd>
        </div>
      </dl>
      {c.status === 'open' || c.status === 'running' ? (
        <p className="deadline-row">
          <span className="muted">{c.pickRound !== null ? `Round ${c.pickRound} deadline` : 'Deadline'}</span>{' '}
          <Deadline iso={c.pickRound !== null ? c.pickDeadline : c.deadline} />
        </p>
      ) : null}
      {showLive ? (
        <Suspense fallback={null}>
          <LivePanel competitionId={c.id} />
        </Suspense>
      ) : null}
      <LastRound detail={detail} />
      <MyEntries detail={detail} />
      {unpaidIds.length > 0 ? (
        <Suspense fallback={null}>
          <UnpaidOrders competitionId={c.id} pendingEntryIds={unpaidIds} />
        </Suspense>
      ) : null}
      {c.status === 'open' ? <JoinOrBuy summary={c} unpaid={unpaidIds.length} /> : null}
      <IonButton
        fill="clear"
        size="small"
        aria-expanded={showStandings}
        onClick={() => setShowStandings(!showStandings)}
      >
        {showStandings ? 'Hide standings' : 'Standings and picks'}
      </IonButton>
      {showStandings ? (
        <Suspense fallback={<InlineLoading label="Loading standings…" />}>
          <StandingsSection detail={detail} />
        </Suspense>
      ) : null}
      <IonButton fill="clear" size="small" routerLink={`/rules?competition=${encodeURIComponent(c.id)}`}>
        Rules of this competition
      </IonButton>
    </section>
  );
}

function JoinOrBuy({ summary, unpaid }: { summary: CompetitionDetail['competition']; unpaid: number }) {
  const join = useJoinCompetition();
  const allowance = summary.maxEntriesPerPlayer - summary.myEntries;
  if (isPaid(summary)) {
    return (
      <Suspense fallback={null}>
        <BuyEntries competition={summary} unpaid={unpaid} />
      </Suspense>
    );
  }
  if (allowance <= 0) return null;
  return (
    <div className="join">
      <FormError message={join.isError ? join.error.message : null} />
      <IonButton expand="block" onClick={() => join.mutate(summary.id)} disabled={join.isPending}>
        {join.isPending ? (
          <IonSpinner name="dots" />
        ) : summary.myEntries > 0 ? (
          'Add another entry (free)'
        ) : (
          'Join (free)'
        )}
      </IonButton>
      <p className="muted small">
        Free to enter · up to {summary.maxEntriesPerPlayer}{' '}
        {summary.maxEntriesPerPlayer === 1 ? 'entry' : 'entries'} each
      </p>
    </div>
  );
}

/** The last settled round from my side: each of my picks and what happened, and any rollover. */
function LastRound({ detail }: { detail: CompetitionDetail }) {
  const last = [...detail.rounds].reverse().find((r) => r.state === 'settled' && !r.isVoid);
  if (!last) return null;
  const all = entriesInPlay(detail);
  // Every entry the round decided (a missed pick too), in the words of the results message.
  const mine = all.flatMap((e, i) => {
    const pick = e.picks.find((p) => p.round === last.round);
    const stillIn = (e.status === 'active' || e.status === 'won') && e.createdAt <= (last.settledAt ?? '');
    if (!pick && e.eliminatedRound !== last.round && !stillIn) return [];
    const text = roundFateText({
      team: pick?.teamName ?? null,
      outcome: pick?.outcome ?? null,
      out: e.eliminatedRound === last.round && e.status === 'eliminated',
      lostLife: e.livesLostRounds?.includes(last.round) ?? false,
      livesLeft: e.livesLeft,
      rollover: last.rollover,
      boughtBack: e.boughtBackRound === last.round,
    });
    return [{ label: `Entry ${i + 1}`, text, outcome: pick?.outcome ?? null }];
  });
  return (
    <div className="last-round" data-testid="last-round">
      <h3>Round {last.round} result</h3>
      {last.rollover ? (
        <p className="rollover" role="status">
          Everyone left went out in round {last.round}, so nobody is out: all {last.survivors ?? ''} entries
          were reinstated and play on (rollover).
        </p>
      ) : (
        <p className="muted small">
          {last.survivors ?? 0} through, {last.eliminated ?? 0} out.
        </p>
      )}
      {mine.length > 0 ? (
        <ul className="my-results">
          {mine.map(({ label, text, outcome }) => (
            <li
              key={label}
              className={`outcome outcome--${outcome ?? 'pending'}`}
              data-testid="my-round-fate"
            >
              {all.length > 1 ? `${label}: ` : ''}
              {text}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** The player's entries, without those of a checkout not paid yet (shown apart, with Pay and Cancel). */
const entriesInPlay = (detail: CompetitionDetail) => detail.myEntries.filter((e) => e.status !== 'pending');

function MyEntries({ detail }: { detail: CompetitionDetail }) {
  const { competition } = detail;
  const myEntries = entriesInPlay(detail);
  const [history, setHistory] = useState<{ id: string; label: string } | null>(null);
  if (myEntries.length === 0) return null;
  const current = competition.currentRound;
  // The round to pick for: the current one until it locks, then the next while results come in.
  const pickRound = competition.pickRound;
  const canPick = (e: MyEntry) =>
    e.status === 'active' &&
    pickRound !== null &&
    competition.pickDeadline !== null &&
    Date.parse(competition.pickDeadline) > Date.now();
  const waiting = current !== null && current !== pickRound && competition.status === 'running';
  // Once a round has locked there is a history to show; before the first deadline there is none.
  const hasHistory = competition.status === 'running' || competition.status === 'finished';
  return (
    <div className="my-entries">
      <h3>{myEntries.length === 1 ? 'Your entry' : 'Your entries'}</h3>
      <ul>
        {myEntries.map((e, i) => {
          const pick = pickRound === null ? undefined : e.picks.find((p) => p.round === pickRound);
          const locked = waiting ? e.picks.find((p) => p.round === current) : undefined;
          return (
            <li key={e.id} className="entry-row" data-entry={i + 1}>
              <span className="entry-row__name">Entry {i + 1}</span>
              <EntryStatusPill
                status={e.status}
                round={e.eliminatedRound}
                removedByClub={e.removedByClub}
                outByCorrection={e.outByCorrection}
              />
              {e.status === 'active' ? (
                <LivesLeft lives={competition.rules.lives} livesLeft={e.livesLeft} />
              ) : null}
              {e.buyBackOffer ? (
                <Suspense fallback={null}>
                  <BuyBack competitionId={competition.id} entryId={e.id} offer={e.buyBackOffer} />
                </Suspense>
              ) : null}
              <span className="entry-row__pick">
                {e.status === 'active' && waiting ? (
                  <span className="entry-row__locked" data-testid="locked-pick">
                    Round {current}:{' '}
                    {locked ? (
                      <>
                        <strong>{locked.teamName}</strong> (waiting for results)
                      </>
                    ) : (
                      'no pick'
                    )}
                  </span>
                ) : null}
                {e.status === 'active' && pickRound !== null ? (
                  pick ? (
                    <span>
                      Round {pickRound}: <strong>{pick.teamName}</strong>
                    </span>
                  ) : (
                    <span className="warn-text">Round {pickRound}: no pick yet</span>
                  )
                ) : null}
              </span>
              {canPick(e) && pickRound !== null ? (
                <IonButton size="small" routerLink={teamSelectionsLink(competition.id, e.id, pickRound)}>
                  {pick ? 'Change pick' : 'Pick a team'}
                </IonButton>
              ) : null}
              {hasHistory ? (
                <IonButton
                  size="small"
                  fill="outline"
                  aria-expanded={history?.id === e.id}
                  onClick={() =>
                    setHistory(history?.id === e.id ? null : { id: e.id, label: `Entry ${i + 1}` })
                  }
                >
                  Your picks
                </IonButton>
              ) : null}
            </li>
          );
        })}
      </ul>
      {history ? (
        <Suspense fallback={<InlineLoading label="Loading picks…" />}>
          <PickHistory
            key={history.id}
            competitionId={competition.id}
            entryId={history.id}
            label={history.label}
            onClose={() => setHistory(null)}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
