import { useEffect, useState } from 'react';

/** Whole seconds left until `closesAt` (0 once passed), ticking each second while the question is open. */
export function useSecondsLeft(closesAt: string | null | undefined, open: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!open) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [open]);
  if (!closesAt) return 0;
  return Math.max(0, Math.ceil((Date.parse(closesAt) - now) / 1000));
}

export function Countdown({ closesAt, open }: { closesAt: string; open: boolean }) {
  const left = useSecondsLeft(closesAt, open);
  if (!open) return null;
  return (
    <p className="quiz-countdown" data-testid="quiz-countdown" aria-live="off">
      {left > 0 ? `${left} s` : 'Time!'}
    </p>
  );
}

/** The leaderboard, ties sharing a rank (unless a tie-break settled them). */
export function Leaderboard({
  teams,
}: {
  teams: { name: string; score: number; rank: number; wonTieBreak?: boolean }[];
}) {
  if (teams.length === 0) return <p>No team has joined yet.</p>;
  return (
    <ol className="quiz-leaderboard" data-testid="quiz-leaderboard">
      {teams.map((t) => (
        <li key={t.name}>
          <span className="quiz-rank">{t.rank}</span>
          <span className="quiz-team">
            {t.name}
            {t.wonTieBreak ? <small className="quiz-tie-won"> won the tie-break</small> : null}
          </span>
          <span className="quiz-score">{t.score}</span>
        </li>
      ))}
    </ol>
  );
}

/** A right answer as shown: its first alternative ("Beatles|The Beatles" reads "Beatles"). */
export const shownAnswer = (answer: string) => answer.split('|')[0]?.trim() ?? answer;
