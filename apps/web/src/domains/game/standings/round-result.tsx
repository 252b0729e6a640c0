import type { CompetitionDetail } from '@lastman/api';
import { useEffect, useState } from 'react';
import './round-result.css';

const MOTION_KEY = 'lastman.roundResultMotion';
const SEEN_KEY = 'lastman.roundResultSeen';
const SEEN_AFTER_MS = 3000;

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}
function write(key: string, value: string) {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Private browsing: the choice lasts this visit only.
  }
}

/**
 * The last settled round at a glance: who is through and who went out, names arriving one by one the
 * first time this device sees that round's result. Still under prefers-reduced-motion, or once the
 * viewer turns the animation off here (remembered on the device).
 */
export function RoundResult({
  detail,
  label,
}: {
  detail: CompetitionDetail;
  label: (e: { playerName: string; entryNumber: number | null }) => string;
}) {
  const last = detail.rounds.filter((r) => r.state === 'settled' && !r.isVoid).at(-1);
  const key = last ? `${detail.competition.id}:${last.round}:${last.settledAt}` : '';
  const [motion, setMotion] = useState(() => read(MOTION_KEY) !== 'off');
  const [animate] = useState(() => !!key && read(SEEN_KEY) !== key);
  // Seen once the names have arrived: a page drawn again meanwhile (a refresh) still shows them arriving.
  useEffect(() => {
    if (!animate) return;
    const timer = setTimeout(() => write(SEEN_KEY, key), SEEN_AFTER_MS);
    return () => clearTimeout(timer);
  }, [animate, key]);
  if (!last) return null;
  const through = detail.standings.filter((s) => s.status === 'active' || s.status === 'won');
  const out = detail.standings.filter((s) => s.status === 'eliminated' && s.eliminatedRound === last.round);
  const moving = animate && motion;
  return (
    <div className={`round-result${moving ? ' round-result--moving' : ''}`} data-testid="round-result">
      <h4>
        Round {last.round}: {through.length} through
        {last.rollover ? ' (everyone back in)' : `, ${out.length} out`}
      </h4>
      <ul className="round-result__names">
        {through.map((s, i) => (
          <li key={s.entryId} className="round-result__through" style={{ animationDelay: `${i * 60}ms` }}>
            {label(s)}
          </li>
        ))}
        {out.map((s, i) => (
          <li key={s.entryId} className="round-result__out" style={{ animationDelay: `${400 + i * 90}ms` }}>
            {label(s)}
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="round-result__motion"
        aria-pressed={!motion}
        onClick={() => {
          write(MOTION_KEY, motion ? 'off' : 'on');
          setMotion(!motion);
        }}
      >
        {motion ? 'Turn animation off' : 'Turn animation on'}
      </button>
    </div>
  );
}
