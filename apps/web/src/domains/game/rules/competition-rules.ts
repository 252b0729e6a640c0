import type { CompetitionDetail, CompetitionRules } from '@lastman/api';
import { ruleDescriptions } from '@lastman/api';
import { formatPence } from '@lastman/api/format';
import { describeVariants } from '@lastman/api/game/rules';

type Competition = CompetitionDetail['competition'];

export interface RuleLine {
  /** A stable key, also used by tests: "draw", "deadline", "prize" ... */
  key: string;
  label: string;
  text: string;
}

const ruleKeys = [
  'draw',
  'reuse',
  'missedPick',
  'postponed',
  'allOut',
] as const satisfies readonly (keyof CompetitionRules)[];

/** "1 hour", "1 hour 30 minutes", "2 days", "45 minutes". */
export function durationText(minutes: number): string {
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  const part = (n: number, unit: string) => (n === 0 ? null : `${n} ${unit}${n === 1 ? '' : 's'}`);
  return [part(days, 'day'), part(hours, 'hour'), part(mins, 'minute')].filter(Boolean).join(' ');
}

const isPaid = (c: Competition) => c.prizeModel !== 'free' && c.entryFeePence > 0;

function prizeText(c: Competition): string {
  switch (c.prizeModel) {
    case 'pool': {
      const base =
        c.houseSharePercent === 0
          ? 'The pot is every entry fee paid: the club keeps no share.'
          : `The pot is the entry fees paid, less the club’s ${c.houseSharePercent}% share, rounded down to the penny.`;
      return `${base} Refunded entries leave the pot. It stands at ${formatPence(c.potPence)} now.`;
    }
    case 'fixed':
      return `A prize of ${formatPence(c.prizePence)}, set by the club: the entry fees do not change it.`;
    case 'free':
      return c.prizePence > 0
        ? `A prize of ${formatPence(c.prizePence)}, set by the club.`
        : 'No prize: this one is played for the glory.';
  }
}

/** A competition's rules in plain words, generated from its own settings. */
export function competitionRuleLines(c: Competition): RuleLine[] {
  const paid = isPaid(c);
  const lines: RuleLine[] = [
    {
      key: 'start',
      label: 'Starts',
      text: `Round ${c.startRound} of the ${c.seasonName} season. Entries close when that round locks.`,
    },
    {
      key: 'entry',
      label: 'Entry',
      text: `${paid ? `${formatPence(c.entryFeePence)} an entry, paid by card; for players aged 18 and over.` : 'Free to enter.'} Up to ${c.maxEntriesPerPlayer} ${c.maxEntriesPerPlayer === 1 ? 'entry' : 'entries'} per player${c.rules.lives > 0 ? '' : '; each entry is one “life”'}.`,
    },
    {
      key: 'minEntries',
      label: 'Minimum entries',
      text: `If fewer than ${c.minEntries} ${c.minEntries === 1 ? 'entry is' : 'entries are'} ${paid ? 'paid and confirmed' : 'in'} when round ${c.startRound} locks, the competition is cancelled${paid ? ' and every entry refunded' : ''}.`,
    },
    {
      key: 'deadline',
      label: 'Deadline',
      text: `${c.deadlineMinutes === 0 ? 'Picks lock at the kick-off' : `Picks lock ${durationText(c.deadlineMinutes)} before the kick-off`} of the round’s first match that counts (a match moved more than 3 days away from the rest of its round does not). Change your pick as often as you like until then.`,
    },
    {
      key: 'win',
      label: 'When your team wins',
      text: 'You are through to the next round.',
    },
  ];
  for (const rule of ruleKeys) {
    const d = ruleDescriptions[rule];
    const choices = d.choices as Record<string, string>;
    lines.push({ key: rule, label: d.label, text: choices[c.rules[rule]] ?? c.rules[rule] });
  }
  lines.push(...describeVariants(c));
  lines.push(
    {
      key: 'winner',
      label: 'Winning',
      text:
        c.rules.allOut === 'split'
          ? 'The last entry standing wins the prize. If the season runs out of rounds with several still in, or everyone left goes out together, they share it equally.'
          : 'The last entry standing wins the prize. If the season runs out of rounds with several still in, they share it equally.',
    },
    { key: 'prize', label: 'Prize', text: prizeText(c) },
    {
      key: 'payout',
      label: 'Paying the prize',
      text: 'A shared prize is split equally; odd pennies stay with the club. The club pays prizes directly, by bank transfer or in cash.',
    },
  );
  return lines;
}

/**
 * What becomes of an entry that has no pick when the round locks, under this competition's rules
 * (the rules page's "No pick by the deadline" line), and what a life left changes about it.
 */
export function missedPickWords(c: Competition, livesLeft: number): string {
  const rule = ruleDescriptions.missedPick.choices[c.rules.missedPick];
  if (livesLeft <= 0) return rule;
  const lives = livesLeft === 1 ? '1 life' : `${livesLeft} lives`;
  return c.rules.missedPick === 'autoPick'
    ? `${rule} With ${lives} left, this entry loses a life instead of going out.`
    : `${rule} With ${lives} left, this entry loses a life instead and stays in.`;
}
