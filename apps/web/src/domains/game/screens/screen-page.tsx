import type {
  ScreenBoard,
  ScreenClub,
  ScreenCompetition,
  ScreenFixture,
  ScreenRoundResult,
} from '@lastman/api';
import { formatPence, londonDateTime, londonTime, londonWeekdayTime } from '@lastman/api/format';
import { SCREEN_PAIRING } from '@lastman/api/game/rules';
import { type CSSProperties, useEffect, useRef, useState } from 'react';
import { ionicColorVariables } from '../../../lib/club-theme.ts';
import { QuizScreen, useQuizOnScreen } from '../../quiz/index.ts';
import { useScreen } from './api/screens-api.ts';
import './screen.css';

/** How long the survivors and the eliminated fill the screen after a round is settled. */
const REVEAL_MS = 20_000;
/** A round settled this recently is revealed when the screen is opened (or reconnects). */
const REVEAL_RECENT_MS = 30 * 60_000;
/** How long each slide (a competition, tonight's events) stays on screen. */
const SLIDE_MS = 15_000;
/** The most names each list shows; the count says how many in all. */
const NAMES_ON_SCREEN = 24;

export interface ScreenOptions {
  /** Milliseconds between refreshes of the board (10 s; shorter only for the memory bench). */
  refreshMs?: number;
  /** `false`: no animation, whatever the device's own setting says. */
  motion?: boolean;
  /** Milliseconds each slide stays up (15 s; `?slide=` shortens it for tests). */
  slideMs?: number;
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
export function ScreenPage({
  slug,
  refreshMs,
  motion = true,
  slideMs = SLIDE_MS,
}: { slug: string } & ScreenOptions) {
  const screen = useScreen(slug, refreshMs);
  const state = screen.data;
  // A quiz night takes the screen while its quiz runs.
  const quiz = useQuizOnScreen(slug, state?.paired === true);
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
      ) : quiz ? (
        <QuizScreen state={quiz} clubName={state.club.name} />
      ) : (
        <Board club={state.club} board={state.board} offline={screen.isError} slideMs={slideMs} />
      )}
    </div>
  );
}

/** One slide of the screen: a competition of the club, or tonight's events. */
type Slide = { kind: 'competition'; comp: ScreenCompetition } | { kind: 'tonight' };

/** The slides the screen rotates through: the competition on screen, the club's others, tonight. */
function slidesOf(board: ScreenBoard): Slide[] {
  const comps = [board.competition, ...board.others].filter((c): c is ScreenCompetition => c !== null);
  const slides: Slide[] = comps.map((comp) => ({ kind: 'competition', comp }));
  if (board.tonight.length > 0 && slides.length > 0) slides.push({ kind: 'tonight' });
  return slides;
}

function Board({
  club,
  board,
  offline,
  slideMs,
}: {
  club: ScreenClub;
  board: ScreenBoard;
  offline: boolean;
  slideMs: number;
}) {
  const slides = slidesOf(board);
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (slides.length <= 1) return;
    const timer = setInterval(() => setIndex((i) => i + 1), slideMs);
    return () => clearInterval(timer);
  }, [slides.length, slideMs]);
  const slide = slides.length > 0 ? slides[index % slides.length] : undefined;
  const comp = slide?.kind === 'competition' ? slide.comp : null;
  // The main competition's result reveal shows whichever slide is up.
  const main = board.competition;
  return (
    <div
      className="tv-board"
      data-testid="tv-board"
      data-slide={slide?.kind === 'tonight' ? 'tonight' : (comp?.id ?? '')}
    >
      <header className="tv-head">
        {club.logoUrl ? <img className="tv-logo" src={club.logoUrl} alt="" /> : null}
        <h1 className="tv-club-name">{club.name}</h1>
        {comp ? (
          <p className="tv-comp" data-testid="tv-headline">
            {comp.name}
            {comp.round !== null ? ` · Round ${comp.round}` : ''}
          </p>
        ) : slide?.kind === 'tonight' ? (
          <p className="tv-comp" data-testid="tv-headline">
            Tonight at {club.name}
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
            {comp.nextDeadline ? (
              <Stat
                label={`Round ${comp.nextDeadline.round} deadline`}
                value={londonDateTime(comp.nextDeadline.at)}
                testId="tv-deadline"
              />
            ) : null}
            {comp.boards && comp.standing ? (
              <Boards boards={comp.boards} standing={comp.standing} />
            ) : comp.lastResult ? (
              <ResultPanel result={comp.lastResult} />
            ) : null}
            <Join comp={comp} joinUrl={board.joinUrl} />
          </aside>
        </main>
      ) : slide?.kind === 'tonight' ? (
        <main className="tv-main tv-main-tonight">
          <Tonight events={board.tonight} />
          {main ? <Join comp={main} joinUrl={board.joinUrl} /> : null}
        </main>
      ) : (
        <main className="tv-main tv-main-empty">
          <p className="tv-lead">No competition is running at {club.name} just now.</p>
          <Tonight events={board.tonight} />
        </main>
      )}
      {main?.lastResult ? <ResultReveal result={main.lastResult} generatedAt={board.generatedAt} /> : null}
    </div>
  );
}

/** Who is through, in danger and out as the scores stand, by name, in traffic-light colours. */
function Boards({
  boards,
  standing,
}: {
  boards: NonNullable<ScreenCompetition['boards']>;
  standing: NonNullable<ScreenCompetition['standing']>;
}) {
  const lists = [
    { key: 'through', label: 'Through', names: boards.through, count: standing.through },
    { key: 'danger', label: 'In danger', names: boards.inDanger, count: standing.inDanger },
    { key: 'out', label: 'Out', names: boards.out, count: standing.out },
  ];
  return (
    <section className="tv-panel tv-boards" data-testid="tv-boards">
      {lists.map((l) => (
        <div key={l.key} className={`tv-board-list tv-board-${l.key}`} data-board={l.key}>
          <h2>
            {l.label}: {l.count}
          </h2>
          {l.names.length > 0 ? <Names names={l.names} count={l.count} /> : null}
        </div>
      ))}
      {standing.waiting > 0 ? <p className="tv-waiting">Yet to play: {standing.waiting}</p> : null}
    </section>
  );
}

/** How to join: the club's page as a QR code, what an entry costs and the next deadline. */
function Join({ comp, joinUrl }: { comp: ScreenCompetition; joinUrl: string }) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode').then((QRCode) =>
      QRCode.toString(joinUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 }).then((text) => {
        if (live) setSvg(text);
      }),
    );
    return () => {
      live = false;
    };
  }, [joinUrl]);
  if (comp.status !== 'open' && comp.status !== 'running') return null;
  return (
    <section className="tv-panel tv-join" data-testid="tv-join">
      {/* Our own SVG, made by the qrcode package from the club's link. */}
      <div
        className="tv-qr"
        role="img"
        aria-label="QR code to join"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the SVG is generated locally, not user input
        dangerouslySetInnerHTML={{ __html: svg ?? '' }}
      />
      <div className="tv-join-text">
        <h2>{comp.status === 'open' ? 'Join the game' : 'Play the next one'}</h2>
        <p>
          {comp.entryFeePence > 0 ? `${formatPence(comp.entryFeePence)} an entry` : 'Free to enter'}
          {comp.nextDeadline ? ` · picks by ${londonDateTime(comp.nextDeadline.at)}` : ''}
        </p>
        <p className="tv-join-url">{joinUrl.replace(/^https?:\/\//, '')}</p>
      </div>
    </section>
  );
}

function Stat({
  label,
  value,
  small,
  tone,
  testId,
}: {
  label: string;
  value: string;
  small?: string;
  tone?: 'good' | 'bad';
  testId?: string;
}) {
  return (
    <div className={`tv-stat${tone ? ` tv-${tone}` : ''}`} data-testid={testId}>
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
  const slide = Number(params.get('slide'));
  return {
    ...(refresh >= 50 ? { refreshMs: refresh } : { refreshMs: SCREEN_PAIRING.refreshSeconds * 1000 }),
    ...(slide >= 1000 ? { slideMs: slide } : {}),
    motion: params.get('motion') !== 'off',
  };
}

/** The route's page: the address's options, read once. */
export function ScreenRoute({ slug, search }: { slug: string; search: string }) {
  const [options] = useState(() => screenOptionsFrom(search));
  return <ScreenPage slug={slug} {...options} />;
}
