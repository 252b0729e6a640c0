import type { CompetitionSummary } from '@lastman/api';
import { formatPence, londonDateTime } from '@lastman/api/format';
import { useClubCompetitions } from '../api/game-api.ts';
import './visitor-competitions.css';

/** What an entry costs, as a visitor deciding whether to join reads it. */
function feeOf(c: CompetitionSummary): string {
  return c.prizeModel === 'free' || c.entryFeePence === 0
    ? 'Free to enter'
    : `${formatPence(c.entryFeePence)} an entry`;
}

/** The pot as it stands: the prize the club set, or the entry fees less the house share. */
function potOf(c: CompetitionSummary): string {
  if (c.prizeModel === 'pool') return `Pot ${formatPence(c.potPence)}`;
  return c.potPence > 0 ? `Prize ${formatPence(c.potPence)}` : 'No prize set';
}

/**
 * A signed-out visitor's view of the club's open and running competitions: what an entry costs,
 * the pot now, and the next deadline in UK time, so they know what they would sign up for.
 */
export function VisitorCompetitions({ slug, heading }: { slug: string | undefined; heading?: string }) {
  const competitions = useClubCompetitions(slug);
  const list = competitions.data?.competitions ?? [];
  if (list.length === 0) return null;
  const items = (
    <ul className="visitor-competitions" data-testid="visitor-competitions">
      {list.map((c) => {
        const deadline = c.pickDeadline ?? c.deadline;
        return (
          <li key={c.id} data-visitor-competition={c.name}>
            <strong>{c.name}</strong>
            <span className="muted">
              {c.status === 'open' ? feeOf(c) : 'Under way'} ·{' '}
              <span data-testid="visitor-pot">{potOf(c)}</span>
            </span>
            {deadline ? (
              <span className="muted small" data-testid="visitor-deadline">
                Next deadline {londonDateTime(deadline)} (UK time)
              </span>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
  if (!heading) return items;
  return (
    <section className="card" aria-labelledby="visitor-competitions-heading">
      <h2 id="visitor-competitions-heading">{heading}</h2>
      {items}
    </section>
  );
}
