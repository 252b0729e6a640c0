import type { CompetitionStatus, EntryStatus } from '@lastman/api';
import { correctionOutText, livesLeftText, removalText } from '@lastman/api/game/rules';

const entryLabels: Record<EntryStatus, [string, string]> = {
  pending: ['Awaiting payment', 'warn'],
  active: ['Still in', 'good'],
  eliminated: ['Out', 'bad'],
  won: ['Winner', 'gold'],
  refunded: ['Refunded', 'muted'],
};
const competitionLabels: Record<CompetitionStatus, [string, string]> = {
  draft: ['Draft', 'muted'],
  open: ['Open for entries', 'good'],
  running: ['In play', 'info'],
  finished: ['Finished', 'muted'],
  cancelled: ['Cancelled', 'bad'],
};

export function EntryStatusPill({
  status,
  round,
  removedByClub,
  outByCorrection,
}: {
  status: EntryStatus;
  round?: number | null;
  /** The club knocked the entry out: said instead of "Out in round N" while that is why it is out. */
  removedByClub?: { fromRound: number; reason: string } | null | undefined;
  /** An admin's correction of a result put it out: said instead of "Out in round N". */
  outByCorrection?: { round: number; result: string } | null | undefined;
}) {
  const [label, tone] = entryLabels[status];
  if (status === 'eliminated' && removedByClub && round === removedByClub.fromRound) {
    return (
      <span className={`pill pill--sentence pill--${tone}`} data-testid="removed-by-club">
        {removalText(removedByClub)}
      </span>
    );
  }
  if (status === 'eliminated' && outByCorrection && round === outByCorrection.round) {
    return (
      <span className={`pill pill--sentence pill--${tone}`} data-testid="out-by-correction">
        {correctionOutText(outByCorrection)}
      </span>
    );
  }
  return (
    <span className={`pill pill--${tone}`}>
      {label}
      {status === 'eliminated' && round ? ` in round ${round}` : ''}
    </span>
  );
}

export function CompetitionStatusPill({ status }: { status: CompetitionStatus }) {
  const [label, tone] = competitionLabels[status];
  return <span className={`pill pill--${tone}`}>{label}</span>;
}

/** A pick's outcome as its lists show it; the facts the server gives with each pick. */
interface PickOutcomeFacts {
  outcome: string | null;
  /** It lost and cost the entry a life, the entry still in. */
  lostLife?: boolean | undefined;
}

/** A pick's outcome in words: a pick that cost a life says so, as the card does, never "out". */
export const outcomeLabel = ({ outcome, lostLife }: PickOutcomeFacts): string =>
  outcome === 'survived'
    ? 'through'
    : outcome === 'eliminated'
      ? lostLife
        ? 'lost a life'
        : 'out'
      : outcome === 'void'
        ? 'void round'
        : outcome === 'invalid'
          ? 'not a valid pick'
          : 'waiting for result';

/** The class that colours a pick's outcome (`outcome outcome--survived`, `--lost-life`, ...). */
export const outcomeClass = ({ outcome, lostLife }: PickOutcomeFacts): string =>
  `outcome outcome--${outcome === 'eliminated' && lostLife ? 'lost-life' : (outcome ?? 'pending')}`;

/** An entry's lives left, in a competition that has lives; nothing in one that has none. */
export function LivesLeft({ lives, livesLeft }: { lives: number; livesLeft: number }) {
  if (lives <= 0) return null;
  return (
    <span className="pill pill--muted" data-testid="lives-left">
      {livesLeftText(livesLeft)}
    </span>
  );
}
