import type { RoundInfo } from '@lastman/api';

/** Entries left after each settled round, as plain bars, with the same told in words for everyone. */
export function SurvivalChart({ rounds }: { rounds: RoundInfo[] }) {
  const settled = rounds.filter((r) => r.state === 'settled' && !r.isVoid && r.survivors !== null);
  const first = settled[0];
  const last = settled.at(-1);
  if (!first || !last) return null;
  const start = (first.survivors ?? 0) + (first.eliminated ?? 0);
  if (start === 0) return null;
  return (
    <figure className="survival" data-testid="survival-chart">
      <figcaption>
        Started with {start} {start === 1 ? 'entry' : 'entries'}; {last.survivors}{' '}
        {last.survivors === 1 ? 'is' : 'are'} left after round {last.round}.
      </figcaption>
      <ol className="survival__bars" aria-hidden="true">
        {settled.map((r) => (
          <li key={r.round}>
            <span className="survival__round">R{r.round}</span>
            <span className="survival__track">
              <span
                className="survival__bar"
                style={{ width: `${Math.max(2, ((r.survivors ?? 0) / start) * 100)}%` }}
              />
            </span>
            <span className="survival__count">
              {r.survivors}
              {r.rollover ? ' ↺' : ''}
            </span>
          </li>
        ))}
      </ol>
    </figure>
  );
}
