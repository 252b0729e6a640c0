import type { CompetitionDetail } from '@lastman/api';
import { FullTimeReveal } from '../components/full-time-reveal.tsx';

/** The last settled round at a glance in the standings: who is through and who went out in it. */
export function RoundResult({ detail }: { detail: CompetitionDetail }) {
  const last = detail.rounds.filter((r) => r.state === 'settled' && !r.isVoid).at(-1);
  if (!last) return null;
  const through = detail.standings.filter((s) => s.status === 'active' || s.status === 'won');
  const out = detail.standings.filter((s) => s.status === 'eliminated' && s.eliminatedRound === last.round);
  return (
    <FullTimeReveal
      round={last.round}
      through={through}
      out={out}
      rollover={last.rollover}
      resultKey={`${detail.competition.id}:${last.round}`}
    />
  );
}
