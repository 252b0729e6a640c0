import type { LiveEntryState, LiveFixture } from '@lastman/api';
import { liveEntryStateText } from '@lastman/api/game/rules';
import { hasRole, useMe } from '../../../lib/me.ts';
import { useSeasons } from '../api/game-api.ts';
import { entryLabel } from '../components/entry-label.ts';
import { FullTimeReveal } from '../components/full-time-reveal.tsx';
import { useCompetitionLive, usePlayDemoRound } from './live-api.ts';
import './live.css';

const tone: Record<LiveEntryState, string> = {
  through: 'good',
  safe: 'good',
  'out-if': 'warn',
  'life-if': 'warn',
  'life-lost': 'warn',
  out: 'bad',
  waiting: 'muted',
};

function FeedNote({ fixture }: { fixture: LiveFixture }) {
  if (fixture.feed === 'delayed') return <span className="pill pill--warn">Feed delayed</span>;
  if (fixture.feed === 'corrected') return <span className="pill pill--info">Score updated</span>;
  if (fixture.feed === 'final') return <span className="pill pill--muted">FT</span>;
  if (fixture.feed === 'live') {
    return <span className="live-minute">{fixture.minute === null ? 'Live' : `${fixture.minute}′`}</span>;
  }
  return null;
}

function ScoreLine({ fixture }: { fixture: LiveFixture }) {
  const scored = fixture.homeGoals !== null && fixture.awayGoals !== null;
  return (
    <li className="live-score" data-testid="live-score" data-fixture={fixture.fixtureId}>
      <span className="live-score__team">{fixture.home.shortName}</span>
      <span className="live-score__goals">{scored ? `${fixture.homeGoals}–${fixture.awayGoals}` : 'v'}</span>
      <span className="live-score__team live-score__team--away">{fixture.away.shortName}</span>
      <FeedNote fixture={fixture} />
    </li>
  );
}

/** Match day on the game screen: the round's scores as they stand and who is still in, kept live. */
export function LivePanel({ competitionId }: { competitionId: string }) {
  const live = useCompetitionLive(competitionId);
  const me = useMe();
  const demo = usePlayDemoRound();
  const isAdmin = hasRole(me.data?.role, 'admin');
  // The demo's sped-up match day is offered on the demo season only.
  const seasons = useSeasons(isAdmin);
  const data = live.data;
  if (!data || data.round === null) return null;
  const seasonId = data.fixtures[0]?.seasonId;
  const onDemoSeason = seasons.data?.seasons.some((s) => s.id === seasonId && s.demo) ?? false;
  const inPlay = data.fixtures.some(
    (f) => f.feed === 'live' || f.feed === 'delayed' || f.feed === 'corrected',
  );
  return (
    <section
      className="live-panel"
      aria-label={`Round ${data.round} as it stands`}
      data-testid="live-panel"
      data-competition={competitionId}
    >
      <header className="live-panel__head">
        <h4>
          Round {data.round} {data.settled ? '· full time' : inPlay ? '· live' : ''}
        </h4>
        <p className="live-counts" data-testid="live-counts" aria-live="polite">
          <strong>{data.counts.stillIn}</strong> still in{data.settled ? '' : ' as it stands'}
          {data.settled ? null : (
            <>
              {' '}
              · <strong>{data.counts.inDanger}</strong> in danger
            </>
          )}{' '}
          · <strong>{data.counts.out}</strong> out
        </p>
      </header>
      <ul className="live-scores">
        {data.fixtures.map((f) => (
          <ScoreLine key={f.fixtureId} fixture={f} />
        ))}
      </ul>
      {isAdmin && onDemoSeason && !inPlay ? (
        <button
          type="button"
          className="live-button"
          disabled={demo.isPending}
          onClick={() => demo.mutate()}
          data-testid="play-demo-round"
        >
          Play the next round live (demo, 3 minutes)
        </button>
      ) : null}
      {demo.error ? <p role="alert">{demo.error.message}</p> : null}
      {data.settled ? (
        <FullTimeReveal
          round={data.round}
          through={data.entries.filter((e) => e.state !== 'out')}
          out={data.entries.filter((e) => e.state === 'out')}
          resultKey={`${competitionId}:${data.round}`}
        />
      ) : (
        <ul className="live-entries" aria-label="Who is still in, as it stands">
          {data.entries.map((e) => (
            <li key={e.entryId} className="live-entry" data-testid="live-entry" data-state={e.state}>
              <span className="live-entry__name">{entryLabel(e)}</span>
              <span className="muted small">{e.team?.name ?? 'No pick'}</span>
              <span className={`pill pill--${tone[e.state]}`}>{liveEntryStateText[e.state]}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
