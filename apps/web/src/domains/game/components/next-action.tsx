import { useIonRouter } from '@ionic/react';
import type { CompetitionDetail } from '@lastman/api';
import { londonDateTime } from '@lastman/api/format';
import { teamSelectionsLink } from './competition-card.tsx';

interface Needed {
  competitionId: string;
  entryId: string;
  round: number;
  deadline: string;
}

/** Every entry of mine still in play whose pick round is open and has no pick yet, soonest deadline first. */
export function picksToMake(details: CompetitionDetail[], now: number): Needed[] {
  const needed: Needed[] = [];
  for (const { competition: c, myEntries } of details) {
    if (c.pickRound === null || c.pickDeadline === null || Date.parse(c.pickDeadline) <= now) continue;
    for (const e of myEntries) {
      if (e.status !== 'active' || e.picks.some((p) => p.round === c.pickRound)) continue;
      needed.push({ competitionId: c.id, entryId: e.id, round: c.pickRound, deadline: c.pickDeadline });
    }
  }
  return needed.sort((a, b) => a.deadline.localeCompare(b.deadline));
}

/** The first thing to do, at the top of the game screen: the picks still to make, and the first of them. */
export function NextAction({ details, now }: { details: CompetitionDetail[]; now: number }) {
  const router = useIonRouter();
  const needed = picksToMake(details, now);
  const first = needed[0];
  if (!first) return null;
  const count = needed.length;
  const href = teamSelectionsLink(first.competitionId, first.entryId, first.round);
  return (
    // A plain link through Ionic's router: react-router's Link would add to the first page's code.
    <a
      className="next-action"
      data-testid="next-action"
      href={href}
      onClick={(e) => {
        e.preventDefault();
        router.push(href, 'forward');
      }}
    >
      <strong>
        {count === 1 ? '1 pick' : `${count} picks`} to make before {londonDateTime(first.deadline)}
      </strong>
      <span>{count === 1 ? 'Pick a team' : 'Start with the first'} ›</span>
    </a>
  );
}
