import { IonButton, IonContent, IonIcon, IonToggle } from '@ionic/react';
import type { FixtureView, SeasonSummary } from '@lastman/api';
import { londonDate, londonDayKey, londonTime } from '@lastman/api/format';
import { footballOutline, star, starOutline } from 'ionicons/icons';
import { useState } from 'react';
import { favorites } from '../../../lib/favorites.ts';
import { useMe } from '../../../lib/me.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { InlineLoading } from '../../../ui/page-loading.tsx';
import { TeamKit } from '../../../ui/team-kit.tsx';
import { useCompetitions, useSeasonRound, useSeasons } from '../api/game-api.ts';
import { useLiveUpdates } from '../live/live-api.ts';
import '../../../ui/game-screens.css';

const statusText: Record<FixtureView['status'], string> = {
  scheduled: '',
  live: 'LIVE',
  finished: 'Full time',
  postponed: 'Postponed',
  abandoned: 'Abandoned',
};

/** Fixtures and results by round, with live status and starred favourite teams. */
export function MatchesPage() {
  const me = useMe();
  const signedIn = Boolean(me.data);
  const seasons = useSeasons(signedIn);
  const competitions = useCompetitions(signedIn);
  const [chosenSeason, setChosenSeason] = useState<string | null>(null);
  const list = seasons.data?.seasons ?? [];
  const playing = competitions.data?.competitions.find((c) => c.status === 'running' || c.status === 'open');
  const season =
    list.find((s) => s.id === chosenSeason) ??
    list.find((s) => s.id === playing?.seasonId) ??
    list.find((s) => s.demo) ??
    list[0];

  return (
    <>
      <PageHeader />
      <IonContent className="ion-padding">
        <div className="page-wide">
          {!signedIn ? (
            me.isPending ? (
              <InlineLoading />
            ) : (
              <EmptyState
                icon={footballOutline}
                title="Sign in to see the matches"
                actions={<IonButton routerLink="/login">Log in</IonButton>}
              >
                <p>Members see every round&rsquo;s fixtures, kick-off times in UK time and live results.</p>
              </EmptyState>
            )
          ) : seasons.isPending ? (
            <InlineLoading label="Loading fixtures…" />
          ) : seasons.isError ? (
            <p role="alert">{seasons.error.message}</p>
          ) : !season ? (
            <EmptyState icon={footballOutline} title="No season yet">
              <p>Fixtures appear here once the club has a season.</p>
            </EmptyState>
          ) : (
            <>
              {list.length > 1 ? (
                <div className="toolbar">
                  <div className="field">
                    <label className="field__label" htmlFor="season-select">
                      Season
                    </label>
                    <select
                      id="season-select"
                      className="select"
                      value={season.id}
                      onChange={(e) => setChosenSeason(e.target.value)}
                    >
                      {list.map((s) => (
                        <option key={s.id} value={s.id}>
                          {s.name}
                        </option>
                      ))}
                    </select>
                  </div>
                </div>
              ) : null}
              <SeasonRounds key={season.id} season={season} />
            </>
          )}
        </div>
      </IonContent>
    </>
  );
}

function SeasonRounds({ season }: { season: SeasonSummary }) {
  const rounds = season.rounds.map((r) => r.round);
  const last = rounds[rounds.length - 1] ?? 1;
  const [round, setRound] = useState(season.currentRound ?? season.lastPlayedRound ?? last);
  const [onlyFavourites, setOnlyFavourites] = useState(false);
  const [, setFavVersion] = useState(0);
  const live = round === season.currentRound;
  const data = useSeasonRound(season.id, round, live ? 30_000 : undefined);
  // The round being played: its scores arrive as they happen, over the tab's live stream.
  const playing = live && (data.data?.fixtures ?? []).some((f) => f.status === 'live' || f.live);
  useLiveUpdates(playing);
  const index = rounds.indexOf(round);
  const toggleFavourite = (team: string) => {
    if (favorites.has(team)) favorites.remove(team);
    else favorites.add(team);
    setFavVersion((v) => v + 1);
  };
  const fixtures = (data.data?.fixtures ?? [])
    .filter((f) => !onlyFavourites || favorites.has(f.home.name) || favorites.has(f.away.name))
    .sort((a, b) => a.kickoff.localeCompare(b.kickoff));
  const byDay = new Map<string, FixtureView[]>();
  for (const f of fixtures) {
    const k = londonDayKey(f.kickoff);
    byDay.set(k, [...(byDay.get(k) ?? []), f]);
  }
  const favCount = favorites.list().length;
  return (
    <section className="card" aria-label={`Round ${round}`}>
      {season.demo ? <p className="muted small">{season.name}</p> : null}
      {season.stale ? (
        <p className="muted small" data-testid="season-stale">
          Results for this season stop at round {season.lastPlayedRound ?? 1}: later fixtures have not been
          updated.
        </p>
      ) : null}
      <div className="round-nav">
        <IonButton
          fill="outline"
          size="small"
          disabled={index <= 0}
          aria-label={`Round ${rounds[index - 1] ?? ''}`}
          onClick={() => setRound(rounds[index - 1] ?? round)}
        >
          ‹ {rounds[index - 1] ?? ''}
        </IonButton>
        <h2 className="center">
          Round {round}
          {data.data?.isVoid ? <span className="pill pill--muted">void</span> : null}
          {season.currentRound === round ? <span className="pill pill--info">current</span> : null}
        </h2>
        <IonButton
          fill="outline"
          size="small"
          disabled={index >= rounds.length - 1}
          aria-label={`Round ${rounds[index + 1] ?? ''}`}
          onClick={() => setRound(rounds[index + 1] ?? round)}
        >
          {rounds[index + 1] ?? ''} ›
        </IonButton>
      </div>
      <div className="row">
        <IonToggle checked={onlyFavourites} onIonChange={(e) => setOnlyFavourites(e.detail.checked)}>
          Favourite teams only{favCount > 0 ? ` (${favCount})` : ''}
        </IonToggle>
      </div>
      {data.isPending ? (
        <InlineLoading />
      ) : data.isError ? (
        <p role="alert">{data.error.message}</p>
      ) : fixtures.length === 0 ? (
        <p className="muted">
          {onlyFavourites
            ? 'None of your favourite teams plays in this round. Star a team with ☆ to follow it.'
            : 'No fixtures in this round.'}
        </p>
      ) : (
        [...byDay.entries()].map(([day, list]) => (
          <div key={day} className="fixture-day">
            <h3>{list[0] ? londonDate(list[0].kickoff) : day}</h3>
            <ul className="list-plain">
              {list.map((f) => (
                <li key={f.id} className="fixture" data-fixture={`${f.home.name} v ${f.away.name}`}>
                  <FavTeam team={f.home} side="home" onToggle={toggleFavourite} />
                  <span className="fixture__mid">
                    {f.homeScore !== null && f.awayScore !== null ? (
                      <span className="fixture__score">
                        {f.homeScore}–{f.awayScore}
                      </span>
                    ) : f.live && f.status !== 'finished' ? (
                      <span className="fixture__score" data-testid="live-fixture-score">
                        {f.live.home}–{f.live.away}
                      </span>
                    ) : (
                      <span className="fixture__score">{f.kickoffTbc ? 'TBC' : londonTime(f.kickoff)}</span>
                    )}
                    <span
                      className={`fixture__status${f.status === 'live' || f.live ? ' fixture__status--live' : ''}`}
                    >
                      {f.live && f.status === 'scheduled' ? 'LIVE' : statusText[f.status]}
                      {f.live && f.live.minute !== null ? ` ${f.live.minute}′` : ''}
                      {f.rescheduledOut ? ' · moved out of round' : ''}
                      {f.corrected ? ' · corrected' : ''}
                    </span>
                  </span>
                  <FavTeam team={f.away} side="away" onToggle={toggleFavourite} />
                </li>
              ))}
            </ul>
          </div>
        ))
      )}
    </section>
  );
}

/**
 * A team's name with its star, the whole of it one button that stars or unstars the team: a target a
 * thumb can hit, and the name keeps the row's width (the short name on narrow phones).
 */
function FavTeam({
  team,
  side,
  onToggle,
}: {
  team: FixtureView['home'];
  side: 'home' | 'away';
  onToggle: (team: string) => void;
}) {
  const on = favorites.has(team.name);
  const icon = <IonIcon className="star" icon={on ? star : starOutline} aria-hidden="true" />;
  return (
    <button
      type="button"
      className={`fixture__team fixture__team--${side}${on ? ' fixture__team--fav' : ''}`}
      aria-pressed={on}
      aria-label={on ? `Remove ${team.name} from favourites` : `Add ${team.name} to favourites`}
      onClick={() => onToggle(team.name)}
    >
      {side === 'away' ? icon : null}
      {side === 'away' ? <TeamKit team={team.name} /> : null}
      <span className="fixture__name">
        <span className="long-name">{team.name}</span>
        <span className="short-name">{team.shortName}</span>
      </span>
      {side === 'home' ? <TeamKit team={team.name} /> : null}
      {side === 'home' ? icon : null}
    </button>
  );
}
