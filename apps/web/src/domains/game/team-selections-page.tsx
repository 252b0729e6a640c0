import { IonButton, IonContent, IonSpinner } from '@ionic/react';
import type { FixtureView, RoundFixtures } from '@lastman/api';
import { londonDate, londonDateTime, londonDayKey, londonTime } from '@lastman/api/format';
import { shieldOutline } from 'ionicons/icons';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { HttpError } from '../../lib/http.ts';
import { isOnline, OFFLINE_MESSAGE, useOnline } from '../../lib/online.ts';
import { showError, showToast } from '../../lib/toast.ts';
import { useIonAlert } from '../../lib/use-ion-alert.ts';
import { EmptyState } from '../../ui/empty-state.tsx';
import { FormError } from '../../ui/form-field.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { InlineLoading } from '../../ui/page-loading.tsx';
import { TeamKit } from '../../ui/team-kit.tsx';
import { useCompetition, useMakePick, useRemovePick, useRoundFixtures } from './api/game-api.ts';
import { Deadline } from './components/deadline.tsx';
import { missedPickWords } from './rules/competition-rules.ts';
import { useNow } from './use-now.ts';
import '../../ui/game-screens.css';

const back = '/app/tabs/game';

/** Pick a team for one entry: the round's fixtures, used teams greyed out, the chosen one highlighted. */
export function TeamSelectionsPage() {
  const [params] = useSearchParams();
  const competitionId = params.get('competition') ?? '';
  const roundParam = Number(params.get('round'));
  const detail = useCompetition(competitionId);
  const round =
    Number.isInteger(roundParam) && roundParam > 0
      ? roundParam
      : (detail.data?.competition.pickRound ?? detail.data?.competition.currentRound ?? null);
  const fixtures = useRoundFixtures(competitionId, competitionId ? round : null);
  const [entryId, setEntryId] = useState(params.get('entry') ?? '');
  // The address follows the chosen entry, so a reload or a shared link opens the same one.
  const chooseEntry = (id: string) => {
    setEntryId(id);
    const url = new URL(window.location.href);
    url.searchParams.set('entry', id);
    window.history.replaceState(window.history.state, '', url);
  };
  const online = useOnline();
  // Offline, the queries wait for the connection instead of failing: say so rather than spin.
  const waitingForNetwork =
    (fixtures.isPending && fixtures.fetchStatus === 'paused') ||
    (detail.isPending && detail.fetchStatus === 'paused') ||
    (!online && (fixtures.isPending || detail.isPending));

  if (!competitionId) {
    return (
      <>
        <PageHeader back={back} />
        <IonContent className="ion-padding">
          <div className="page-narrow">
            <EmptyState
              icon={shieldOutline}
              title="Choose an entry first"
              actions={<IonButton routerLink={back}>Go to the game</IonButton>}
            >
              <p>Open the game page and press “Pick a team” next to one of your entries.</p>
            </EmptyState>
          </div>
        </IonContent>
      </>
    );
  }
  const data = fixtures.data;
  const pickable = data?.entries.filter((e) => e.status === 'active') ?? [];
  const current = data?.entries.find((e) => e.entryId === entryId) ?? pickable[0];
  const competition = detail.data?.competition;
  const livesLeft = detail.data?.myEntries.find((e) => e.id === current?.entryId)?.livesLeft ?? 0;
  return (
    <>
      {/* Short enough for a 360 px header beside its back and menu buttons. */}
      <PageHeader title={round ? `Round ${round} pick` : 'Pick a team'} back={back} />
      <IonContent className="ion-padding">
        <div className="page-wide">
          {waitingForNetwork ? (
            <p className="card notice" role="status" data-testid="fixtures-offline">
              {OFFLINE_MESSAGE} The fixtures will load when you are back online.
            </p>
          ) : fixtures.isPending || detail.isPending ? (
            <InlineLoading label="Loading fixtures…" />
          ) : fixtures.isError ? (
            <p role="alert" className="card">
              {fixtures.error.message}
            </p>
          ) : !data ? null : (
            <>
              <section className="card">
                <h2>{detail.data?.competition.name ?? 'Competition'}</h2>
                <p className="deadline-row">
                  <span className="muted">Round {data.round} deadline</span> <Deadline iso={data.deadline} />
                </p>
                {data.isVoid ? (
                  <p>This round is void: too many of its matches were moved. No pick is needed.</p>
                ) : null}
                {data.entries.length > 1 ? (
                  // Buttons that wrap, not a scrolling segment: on a phone every entry stays in sight.
                  <fieldset className="entry-tabs" aria-label="Entry">
                    {data.entries.map((e, i) => (
                      <button
                        key={e.entryId}
                        type="button"
                        className="entry-tab"
                        aria-pressed={e.entryId === current?.entryId}
                        disabled={e.status !== 'active'}
                        onClick={() => chooseEntry(e.entryId)}
                      >
                        Entry {i + 1}
                        {e.status !== 'active' ? (
                          // Out of the game: what became of it, not its last pick.
                          <span className="entry-tab__pick">{notPlayingWords[e.status]}</span>
                        ) : e.pick ? (
                          <span className="entry-tab__pick">
                            {shortName(data, e.pick.teamId) ?? e.pick.teamName}
                          </span>
                        ) : null}
                      </button>
                    ))}
                  </fieldset>
                ) : null}
              </section>
              {!current ? (
                <EmptyState icon={shieldOutline} title="No entry to pick for">
                  <p>You have no entry in this competition.</p>
                </EmptyState>
              ) : current.status !== 'active' ? (
                <p className="card">This entry is no longer in the game, so it cannot pick.</p>
              ) : (
                <PickBoard
                  key={current.entryId}
                  data={data}
                  entry={current}
                  competitionId={competitionId}
                  missedPick={competition ? missedPickWords(competition, livesLeft) : null}
                />
              )}
            </>
          )}
        </div>
      </IonContent>
    </>
  );
}

type EntryPicks = RoundFixtures['entries'][number];

const notPlayingWords: Record<Exclude<EntryPicks['status'], 'active'>, string> = {
  pending: 'Awaiting payment',
  eliminated: 'Out',
  won: 'Winner',
  refunded: 'Refunded',
};

function PickBoard({
  data,
  entry,
  competitionId,
  missedPick,
}: {
  data: RoundFixtures;
  entry: EntryPicks;
  competitionId: string;
  /** What the competition does with an entry that has no pick when the round locks. */
  missedPick: string | null;
}) {
  const [chosen, setChosen] = useState<string | null>(entry.pick?.teamId ?? null);
  const pick = useMakePick();
  const used = new Map(entry.usedTeams.filter((u) => u.round !== data.round).map((u) => [u.teamId, u.round]));
  const locked = data.locked || data.isVoid;
  const byDay = new Map<string, FixtureView[]>();
  for (const f of [...data.fixtures].sort((a, b) => a.kickoff.localeCompare(b.kickoff))) {
    const k = londonDayKey(f.kickoff);
    byDay.set(k, [...(byDay.get(k) ?? []), f]);
  }
  // A team plays in the round if it has a fixture with the round's label, even one moved out of it
  // (the server accepts the pick; the match then counts as postponed for the round).
  const counted = new Set(
    data.fixtures.filter((f) => !f.rescheduledOut).flatMap((f) => [f.home.id, f.away.id]),
  );
  const teamName = (id: string | null) =>
    data.fixtures.flatMap((f) => [f.home, f.away]).find((t) => t.id === id)?.name ?? '';
  const changed = chosen !== null && chosen !== entry.pick?.teamId;

  const team = (t: FixtureView['home'], f: FixtureView) => {
    const usedIn = used.get(t.id);
    const isChosen = chosen === t.id;
    const disabled = locked || usedIn !== undefined;
    const movedOut = f.rescheduledOut && usedIn === undefined;
    return (
      <button
        type="button"
        className={`team${isChosen ? ' team--chosen' : ''}${usedIn !== undefined ? ' team--used' : ''}`}
        aria-pressed={isChosen}
        disabled={disabled}
        onClick={() => setChosen(t.id)}
        data-team={t.name}
      >
        <span className="team__name">
          <TeamKit team={t.name} />
          <span className="long-name">{t.name}</span>
          <span className="short-name" aria-hidden="true">
            {t.shortName}
          </span>
        </span>
        {usedIn !== undefined ? <span className="team__note">used in round {usedIn}</span> : null}
        {movedOut ? (
          <span className="team__note">
            {counted.has(t.id)
              ? 'moved out of this round: their other match counts'
              : 'moved out of this round: counts as postponed'}
          </span>
        ) : null}
        {isChosen && entry.pick?.teamId === t.id ? <span className="team__note">your pick</span> : null}
      </button>
    );
  };

  return (
    <section className="card" aria-label="Fixtures">
      {locked ? (
        <p className="notice">
          Picks for this round are locked.{' '}
          {entry.pick ? `Your pick: ${entry.pick.teamName}.` : 'This entry made no pick.'}
        </p>
      ) : (
        <p className="muted">
          Tap the team you think will win. Teams this entry has used are greyed out. You can change your pick
          until the deadline.
        </p>
      )}
      {!locked && entry.pick ? (
        <RemovePickButton
          competitionId={competitionId}
          entryId={entry.entryId}
          round={data.round}
          teamName={entry.pick.teamName}
          deadline={data.deadline}
          missedPick={missedPick}
          onRemoved={() => setChosen(null)}
        />
      ) : null}
      {[...byDay.entries()].map(([day, list]) => (
        <div key={day} className="fixture-day">
          <h3>{list[0] ? londonDate(list[0].kickoff) : day}</h3>
          <ul className="pick-fixtures">
            {list.map((f) => (
              <li key={f.id} className="pick-fixture">
                {team(f.home, f)}
                <span className="pick-fixture__time">
                  {f.kickoffTbc ? 'TBC' : londonTime(f.kickoff)}
                  {f.rescheduledOut ? <small>moved out of round</small> : null}
                </span>
                {team(f.away, f)}
              </li>
            ))}
          </ul>
        </div>
      ))}
      {!locked ? (
        <div className="confirm-bar">
          <FormError message={pick.isError ? pickFailure(pick.error) : null} />
          <IonButton
            expand="block"
            disabled={!changed || pick.isPending}
            onClick={() =>
              chosen &&
              pick.mutate(
                { competitionId, entryId: entry.entryId, round: data.round, teamId: chosen },
                { onSuccess: (p) => showToast(`Pick saved: ${p.teamName} for round ${p.round}.`) },
              )
            }
          >
            {pick.isPending ? (
              <>
                <IonSpinner name="dots" /> Sending…
              </>
            ) : chosen ? (
              changed ? (
                `Confirm ${teamName(chosen)}`
              ) : (
                `${teamName(chosen)} is your pick`
              )
            ) : (
              'Choose a team'
            )}
          </IonButton>
        </div>
      ) : null}
    </section>
  );
}

/**
 * Takes the entry's pick back while the round is open, after saying what the competition then does
 * with an entry that has no pick; gone once the deadline passes (the server refuses from then on).
 */
function RemovePickButton({
  competitionId,
  entryId,
  round,
  teamName,
  deadline,
  missedPick,
  onRemoved,
}: {
  competitionId: string;
  entryId: string;
  round: number;
  teamName: string;
  deadline: string | null;
  missedPick: string | null;
  onRemoved: () => void;
}) {
  const now = useNow();
  const remove = useRemovePick();
  const [presentAlert] = useIonAlert();
  if (deadline !== null && now >= Date.parse(deadline)) return null;
  const until = deadline ? `, before ${londonDateTime(deadline)} (UK time)` : '';
  const confirm = () =>
    void presentAlert({
      header: 'Remove your pick?',
      subHeader: `${teamName}, round ${round}`,
      message:
        `This entry will have no pick until you choose again${until}. ` +
        `No pick by the deadline: ${missedPick ?? "the competition's rule for a missed pick applies."}`,
      buttons: [
        { text: 'Keep my pick', role: 'cancel' },
        {
          text: 'Remove',
          role: 'destructive',
          handler: () => {
            if (!isOnline()) return showToast(`${OFFLINE_MESSAGE} Your pick was not removed.`, 'error');
            remove.mutate(
              { competitionId, entryId, round },
              {
                onSuccess: () => {
                  onRemoved();
                  showToast(`Pick removed: this entry has no pick for round ${round}.`);
                },
                onError: showError,
              },
            );
          },
        },
      ],
    });
  return (
    <p className="remove-pick" data-testid="remove-pick">
      <span>
        Your pick: <strong>{teamName}</strong>
      </span>
      <IonButton fill="outline" color="danger" size="small" disabled={remove.isPending} onClick={confirm}>
        Remove my pick
      </IonButton>
    </p>
  );
}

/** Why a pick failed; when it never reached the server, plainly that it was not saved. */
function pickFailure(error: Error): string {
  const unsent = error instanceof HttpError ? unsentReason(error) : null;
  return unsent ? `${unsent} Your pick was not saved: confirm it again.` : error.message;
}

/** A team's short name from the round's fixtures ("Man Utd"), where space is short. */
function shortName(data: RoundFixtures, teamId: string): string | undefined {
  return data.fixtures.flatMap((f) => [f.home, f.away]).find((t) => t.id === teamId)?.shortName;
}

/** A request that never reached the server (no network, or no answer in time), in plain words. */
export function unsentReason(error: unknown): string | null {
  if (!isOnline()) return `${OFFLINE_MESSAGE} Nothing was sent.`;
  if (!(error instanceof HttpError) || error.status !== 0) return null;
  return error.code === 'TIMEOUT'
    ? 'The server did not answer in time, so we cannot say it was saved.'
    : 'The server cannot be reached: check your connection.';
}
