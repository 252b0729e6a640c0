import { countdownText, londonDateTime, londonZone } from '@lastman/api/format';
import { useNow } from '../use-now.ts';

/** The pick deadline in UK time with a live countdown. */
export function Deadline({ iso, compact = false }: { iso: string | null; compact?: boolean }) {
  const now = useNow();
  if (!iso) return <span className="muted">No pick needed (void round)</span>;
  const left = countdownText(Date.parse(iso) - now);
  return (
    <span className="deadline">
      <time dateTime={iso}>
        {londonDateTime(iso)} {londonZone(iso)}
      </time>
      {left ? (
        <span className="countdown" role="timer" aria-label={`Picks lock in ${left}`}>
          {compact ? '' : 'locks in '}
          <strong>{left}</strong>
        </span>
      ) : (
        <span className="countdown countdown--closed">picks locked</span>
      )}
    </span>
  );
}
