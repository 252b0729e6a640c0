import type {
  ScreenBoard,
  ScreenClub,
  ScreenCompetition,
  ScreenFixture,
  ScreenRoundResult,
} from '@lastman/api';
import { formatPence, londonTime, londonWeekdayTime } from '@lastman/api/format';
import { SCREEN_PAIRING } from '@lastman/api/rules';
import { type CSSProperties, useEffect, useRef, useState } from 'react';
import { ionicColorVariables } from '../../../lib/club-theme.ts';
import { useScreen } from './api/screens-api.ts';
import './screen.css';

/** How long the survivors and the eliminated fill the screen after a round is settled. */
const REVEAL_MS = 20_000;
/** A round settled this recently is revealed when the screen is opened (or reconnects). */
const REVEAL_RECENT_MS = 30 * 60_000;
/** The most names each list shows; the count says how many in all. */
const NAMES_ON_SCREEN = 24;

export interface ScreenOptions {
  /** Milliseconds between refreshes of the board (10 s; shorter only for the memory bench). */
  refreshMs?: number;
  /** `false`: no animation, whatever the device's own setting says. */
  motion?: boolean;
}

/** The club's colours as CSS variables, each with a readable text colour on it. */
function colours(club: ScreenClub | undefined): CSSProperties {
  if (!club) return {};
  const primary = ionicColorVariables('primary', club.primaryColor);
  const secondary = ionicColorVariables('secondary', club.secondaryColor);
  return {
    '--tv-primary': primary['--ion-color-primary'],
    '--tv-primary-text': primary['--ion-color-primary-contrast'],
    '--tv-primary-shade': primary['--ion-color-primary-shade'],
    '--tv-secondary': secondary['--ion-color-secondary'],
    '--tv-secondary-text': secondary['--ion-color-secondary-contrast'],
  } as CSSProperties;
}

/**
 * The pub's TV at /c/<club>/screen: a pairing code until an admin of the club enters it, then the
 * club's game, readable across a room at 1920x1080 and 1280x720, refreshed every 10 seconds.
 */
export function ScreenPage({ slug, refreshMs, motion = true }: { slug: string } & ScreenOptions) {
  const screen = useScreen(slug, refreshMs);
  const state = screen.data;
  return (
    <div className="tv" style={colours(state?.club)} data-motion={motion ? 'on' : 'off'}>
      {!state ? (
        <div className="tv-pairing">
          <p className="tv-hint" role="status">
            {screen.isError ? 'Cannot reach the server. Trying again…' : 'Starting the screen…'}
          </p>
        </div>
      ) : !state.paired ? (
        <div className="tv-pairing">
          <h1 className="tv-club-name">{state.club.name}</h1>
          <p className="tv-lead">Pair this screen to show the club's game</p>
          <p className="tv-code" data-pairing-code={state.code}>
            {state.code}
          </p>
          <p className="tv-hint">
            An admin of {state.club.name} enters this code in the app: Admin, TV screens. It changes at{' '}
            {londonTime(state.codeExpiresAt)}.
          </p>
        </div>
      ) : (
        <Board club={state.club} board={state.board} offline={screen.isError} />
      )}
    </div>
  );
}

function Board({ club, board, offline }: { club: ScreenClub; board: ScreenBoard; offline: boolean }) {
  const comp = board.competition;
  return (
    <div className="tv-board" data-testid="tv-board">
      <header className="tv-head">
        {club.logoUrl ? <img className="tv-logo" src={club.logoUrl} alt="" /> : null}
        <h1 className="tv-club-name">{club.name}</h1>
        {comp ? (
          <p className="tv-comp">
            {comp.name}
            {comp.round !== null ? ` · Round ${comp.round}` : ''}
          </p>
        ) : null}
        <p className="tv-clock">
          {offline ? <span className="tv-offline">Reconnecting…</span> : null}
          {londonTime(board.generatedAt)}
        </p>
      </header>
      {comp ? (
        <main className="tv-main">
          <Matches comp={comp} />
          <aside className="tv-side">
            <div className="tv-stats">
              <Stat label="Pot" value={formatPence(comp.potPence)} />
              <Stat
                label="Entries left"
                value={`${comp.entriesRemaining}`}
                small={`of ${comp.entriesTotal}`}
              />
            </div>
            {comp.standing ? (
              <div className="tv-standing" data-testid="tv-standing">
                <Stat label="Through" value={`${comp.standing.through}`} tone="good" />
                <Stat label="In danger" value={`${comp.standing.inDanger}`} tone="bad" />
                <Stat label="Out" value={`${comp.standing.out}`} />
                <Stat label="Yet to play" value={`${comp.standing.waiting}`} />
              </div>
            ) : null}
            {comp.nextDeadline ? (
              <Stat
                label={`Round ${comp.nextDeadline.round} deadline`}
                value={londonWeekdayTime(comp.nextDeadline.at)}
              />
            ) : null}
            {comp.topTeams && comp.topTeams.length > 0 ? (
              <section className="tv-panel">
                <h2>Most picked</h2>
                <ol className="tv-top">
                  {comp.topTeams.map((t) => (
                    <li key={t.name}>
                      <span>{t.shortName}</span>
                      <strong>{t.entries}</strong>
                    </li>
                  ))}
                </ol>
              </section>
            ) : null}
            {comp.lastResult ? <ResultPanel result={comp.lastResult} /> : null}
            <Tonight events={board.tonight} />
          </aside>
        </main>
      ) : (
        <main className="tv-main tv-main-empty">
          <p className="tv-lead">No competition is running at {club.name} just now.</p>
          <Tonight events={board.tonight} />
        </main>
      )}
      {comp?.lastResult ? <ResultReveal result={comp.lastResult} generatedAt={board.generatedAt} /> : null}
    </div>
  );
}

function Stat({
  label,
  value,
  small,
  tone,
}: {
  label: string;
  value: string;
  small?: string;
  tone?: 'good' | 'bad';
}) {
  return (
    <div className={`tv-stat${tone ? ` tv-${tone}` : ''}`}>
      <span className="tv-stat-label">{label}</span>
      <strong className="tv-stat-value">
        {value}
        {small ? <small> {small}</small> : null}
      </strong>
    </div>
  );
}

const STATUS_WORDS: Partial<Record<ScreenFixture['status'], string>> = {
  live: 'Live',
  finished: 'FT',
  postponed: 'Postponed',
  abandoned: 'Abandoned',
};

/** The minute of a match being played ("67'"), else its status in a word. */
function statusWords(f: ScreenFixture): string {
  if (f.feed === 'final') return STATUS_WORDS.finished ?? '';
  if (f.feed === 'delayed') return 'Delayed';
  if (f.homeScore !== null && f.minute !== null) return `${f.minute}'`;
  if (f.homeScore !== null) return STATUS_WORDS.live ?? '';
  return STATUS_WORDS[f.status] ?? '';
}

function Matches({ comp }: { comp: ScreenCompetition }) {
  if (comp.fixtures.length === 0) return <section className="tv-matches" />;
  return (
    <section className="tv-matches" aria-label={`Round ${comp.round} matches`}>
      <ol>
        {comp.fixtures.map((f) => {
          const scored = f.homeScore !== null && f.awayScore !== null;
          return (
            <li key={f.id} className={`tv-fixture is-${f.status}`} data-fixture={f.id}>
              <span className="tv-team tv-home">
                {f.homePicks ? <em title="entries on this team">{f.homePicks}</em> : null}
                <span>{f.home.shortName}</span>
              </span>
              <span className="tv-score">
                {scored ? `${f.homeScore} – ${f.awayScore}` : londonWeekdayTime(f.kickoff)}
              </span>
              <span className="tv-team tv-away">
                <span>{f.away.shortName}</span>
                {f.awayPicks ? <em title="entries on this team">{f.awayPicks}</em> : null}
              </span>
              <span className="tv-status">{statusWords(f)}</span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

function Names({ names, count }: { names: readonly string[]; count: number }) {
  const shown = names.slice(0, NAMES_ON_SCREEN);
  const more = count - shown.length;
  return (
    <ul className="tv-names">
      {shown.map((n, i) => (
        <li key={n} style={{ '--i': i } as CSSProperties}>
          {n}
        </li>
      ))}
      {more > 0 ? <li className="tv-more">and {more} more</li> : null}
    </ul>
  );
}

function ResultPanel({ result }: { result: ScreenRoundResult }) {
  return (
    <section className="tv-panel tv-result" data-testid="tv-result">
      <h2>
        Round {result.round}: {result.survivorsCount} through
        {result.rollover ? ' (everyone back in)' : `, ${result.eliminatedCount} out`}
      </h2>
      {result.eliminatedCount > 0 ? <Names names={result.eliminated} count={result.eliminatedCount} /> : null}
    </section>
  );
}

/**
 * After the final whistle, once the round is settled: the survivors and the eliminated fill the
 * screen for a short while, names arriving one by one (still, under prefers-reduced-motion or
 * ?motion=off). Shown when the settlement arrives, or on opening the screen soon after it.
 */
function ResultReveal({ result, generatedAt }: { result: ScreenRoundResult; generatedAt: string }) {
  const key = `${result.round}:${result.settledAt}`;
  const seen = useRef<string | null>(null);
  const [shown, setShown] = useState<string | null>(null);
  useEffect(() => {
    if (seen.current === key) return;
    const first = seen.current === null;
    seen.current = key;
    const recent = Date.parse(generatedAt) - Date.parse(result.settledAt) < REVEAL_RECENT_MS;
    if (!first || recent) setShown(key);
  }, [key, generatedAt, result.settledAt]);
  useEffect(() => {
    if (!shown) return;
    const timer = setTimeout(() => setShown(null), REVEAL_MS);
    return () => clearTimeout(timer);
  }, [shown]);
  if (shown !== key) return null;
  return (
    <div className="tv-reveal" data-testid="tv-reveal" role="status">
      <h2>Round {result.round} is settled</h2>
      <div className="tv-reveal-lists">
        <section className="tv-reveal-through">
          <h3>{result.rollover ? 'Everyone is back in' : `Through: ${result.survivorsCount}`}</h3>
          <Names names={result.survivors} count={result.survivorsCount} />
        </section>
        {result.eliminatedCount > 0 ? (
          <section className="tv-reveal-out">
            <h3>Out: {result.eliminatedCount}</h3>
            <Names names={result.eliminated} count={result.eliminatedCount} />
          </section>
        ) : null}
      </div>
    </div>
  );
}

function Tonight({ events }: { events: ScreenBoard['tonight'] }) {
  if (events.length === 0) return null;
  return (
    <section className="tv-panel tv-tonight">
      <h2>Tonight</h2>
      <ul>
        {events.map((e) => (
          <li key={e.id}>
            <strong>{londonTime(e.startsAt)}</strong> {e.title}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** `?refresh=<ms>` (the memory bench) and `?motion=off` on the screen's address. */
export function screenOptionsFrom(search: string): ScreenOptions {
  const params = new URLSearchParams(search);
  const refresh = Number(params.get('refresh'));
  return {
    ...(refresh >= 50 ? { refreshMs: refresh } : { refreshMs: SCREEN_PAIRING.refreshSeconds * 1000 }),
    motion: params.get('motion') !== 'off',
  };
}

/** The route's page: the address's options, read once. */
export function ScreenRoute({ slug, search }: { slug: string; search: string }) {
  const [options] = useState(() => screenOptionsFrom(search));
  return <ScreenPage slug={slug} {...options} />;
}
