import { useEffect, useState } from 'react';
import { entryLabel } from './entry-label.ts';
import './full-time-reveal.css';

const MOTION_KEY = 'lastman.roundResultMotion';
/** The live panel's own choice before the two views were one: still honoured when it is the only one. */
const OLD_MOTION_KEY = 'lastman.liveAnimation';
const SEEN_KEY = 'lastman.roundResultSeen';
const SEEN_KEEP = 20;
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

/** The results this device has seen revealed (the last few: several competitions, two screens each). */
function seenResults(): string[] {
  try {
    const list: unknown = JSON.parse(read(SEEN_KEY) ?? '[]');
    return Array.isArray(list) ? list.filter((k): k is string => typeof k === 'string') : [];
  } catch {
    // A single key, as stored before the list.
    const one = read(SEEN_KEY);
    return one ? [one] : [];
  }
}

const motionWanted = () => (read(MOTION_KEY) ?? read(OLD_MOTION_KEY)) !== 'off';

export interface FullTimeEntry {
  entryId: string;
  playerName: string;
  entryNumber: number | null;
}

/**
 * After the final whistle: a settled round's survivors and eliminated, on the game screen's live panel
 * and in the standings. The names arrive one by one the first time this device sees that result (both
 * places share what was seen, by `resultKey`); still under prefers-reduced-motion, or once the viewer
 * turns the animation off (remembered on the device).
 */
export function FullTimeReveal({
  round,
  through,
  out,
  rollover = false,
  resultKey,
}: {
  round: number;
  through: readonly FullTimeEntry[];
  out: readonly FullTimeEntry[];
  /** Everyone left went out, so everyone plays on. */
  rollover?: boolean;
  /** The competition and round (and settlement) this result is: its names arrive once per device. */
  resultKey: string;
}) {
  const [motion, setMotion] = useState(motionWanted);
  const [animate] = useState(() => !seenResults().includes(resultKey));
  // Seen once the names have arrived: a page drawn again meanwhile (a refresh) still shows them arriving.
  useEffect(() => {
    if (!animate) return;
    const timer = setTimeout(() => {
      const seen = seenResults().filter((k) => k !== resultKey);
      write(SEEN_KEY, JSON.stringify([...seen, resultKey].slice(-SEEN_KEEP)));
    }, SEEN_AFTER_MS);
    return () => clearTimeout(timer);
  }, [animate, resultKey]);
  const moving = animate && motion;
  return (
    <div className={`full-time${moving ? ' full-time--moving' : ''}`} data-testid="full-time">
      <h4>
        Round {round}: {through.length} through
        {rollover ? ' (everyone back in)' : `, ${out.length} out`}
      </h4>
      <ul className="full-time__names" aria-label="Through">
        {through.map((e, i) => (
          <li key={e.entryId} className="full-time__through" style={{ animationDelay: `${i * 60}ms` }}>
            {entryLabel(e)}
          </li>
        ))}
      </ul>
      {out.length > 0 ? (
        <ul className="full-time__names" aria-label="Out">
          {out.map((e, i) => (
            <li key={e.entryId} className="full-time__out" style={{ animationDelay: `${400 + i * 90}ms` }}>
              {entryLabel(e)}
            </li>
          ))}
        </ul>
      ) : null}
      <button
        type="button"
        className="live-button"
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
