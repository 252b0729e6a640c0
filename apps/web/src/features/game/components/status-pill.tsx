import type { CompetitionStatus, EntryStatus } from '@lastman/api';

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

export function EntryStatusPill({ status, round }: { status: EntryStatus; round?: number | null }) {
  const [label, tone] = entryLabels[status];
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

export const outcomeLabel = (outcome: string | null): string =>
  outcome === 'survived'
    ? 'through'
    : outcome === 'eliminated'
      ? 'out'
      : outcome === 'void'
        ? 'void round'
        : outcome === 'invalid'
          ? 'not a valid pick'
          : 'waiting for result';
