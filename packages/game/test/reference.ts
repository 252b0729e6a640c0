/**
 * An independent, deliberately plain implementation of the replay contract, straight from
 * product.md, working on the raw JSON. Tests compare the engine and the command with it.
 */

interface RawMatch {
  round: string;
  date: string;
  time?: string;
  team1: string;
  team2: string;
  score?: { ft?: [number, number] };
  status?: string;
}

export interface RawInput {
  rules?: Record<string, string | number>;
  buyBack?: { untilRound: number; pricePence: number };
  buyBacks?: string[];
  startRound?: number;
  entryFeePence?: number;
  houseSharePercent?: number;
  entries?: { id: string; picks?: Record<string, string> }[];
}

export interface ReplayShape {
  rounds: {
    round: number;
    status: 'played' | 'void';
    survived: string[];
    eliminated: string[];
    rollover: boolean;
    livesLost?: string[];
    boughtBack?: string[];
  }[];
  decided: boolean;
  winners: string[];
  finalRound: number | null;
  potPence: number;
  payouts: Record<string, number>;
  remainderPence: number;
}

const plain = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const day = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;
const hasResult = (m: RawMatch) => m.score?.ft !== undefined && m.status === undefined;

export function referenceReplay(season: { matches: RawMatch[] }, input: RawInput): ReplayShape {
  const rules = {
    draw: 'eliminate',
    reuse: 'never',
    missedPick: 'eliminate',
    postponed: 'survive',
    allOut: 'rollover',
    lives: 0,
    ...input.rules,
  };
  // Lives and buy-backs add two lists to every round; without them the output is as it always was.
  const reportsVariants = Number(rules.lives) > 0 || input.buyBack !== undefined;
  const extra = (livesLost: string[], boughtBack: string[]) =>
    reportsVariants ? { livesLost: [...livesLost].sort(plain), boughtBack: [...boughtBack].sort(plain) } : {};
  const wantsBuyBack = new Set(input.buyBacks ?? []);
  const hasBoughtBack = new Set<string>();
  const teams = [...new Set(season.matches.flatMap((m) => [m.team1, m.team2]))].sort(plain);
  const labels = [...new Set(season.matches.map((m) => Number(m.round.replace('Matchday ', ''))))].sort(
    (a, b) => a - b,
  );
  const entries = input.entries ?? [];
  const fee = input.entryFeePence ?? 0;
  const house = input.houseSharePercent ?? 0;
  const startRound = input.startRound ?? labels[0] ?? 1;
  let boughtBackCount = 0;

  const used = new Map<string, Set<string>>(entries.map((e) => [e.id, new Set<string>()]));
  const picksOf = new Map(entries.map((e) => [e.id, e.picks ?? {}]));
  const livesOf = new Map(entries.map((e) => [e.id, Number(rules.lives)]));
  let active = entries.map((e) => e.id).sort(plain);
  const rounds: ReplayShape['rounds'] = [];
  let winners: string[] | null = null;

  const lastLabel = labels[labels.length - 1];
  for (const label of labels) {
    if (label < startRound) continue;
    const matches = season.matches.filter((m) => m.round === `Matchday ${label}`);
    if (!matches.some(hasResult)) break;
    const dates = matches.map((m) => m.date).sort();
    const reference = dates[Math.floor((dates.length - 1) / 2)] as string;
    const inWindow = (m: RawMatch) => Math.abs(day(m.date) - day(reference)) <= 3;
    const isVoid = matches.filter(inWindow).length * 2 < matches.length;
    const isLast = label === lastLabel;

    if (isVoid) {
      rounds.push({
        round: label,
        status: 'void',
        survived: [...active],
        eliminated: [],
        rollover: false,
        ...extra([], []),
      });
      if (isLast) winners = [...active];
      continue;
    }

    const plays = (team: string) => matches.some((m) => m.team1 === team || m.team2 === team);
    const survives = (team: string): boolean => {
      const mine = matches
        .filter((m) => (m.team1 === team || m.team2 === team) && inWindow(m))
        .sort((a, b) => plain(`${a.date} ${a.time ?? '15:00'}`, `${b.date} ${b.time ?? '15:00'}`));
      const first = mine[0];
      const ft = first !== undefined && hasResult(first) ? first.score?.ft : undefined;
      if (first === undefined || ft === undefined) return rules.postponed === 'survive';
      const [home, away] = ft;
      const mineGoals = first.team1 === team ? home : away;
      const theirs = first.team1 === team ? away : home;
      if (mineGoals > theirs) return true;
      if (mineGoals === theirs) return rules.draw === 'survive';
      return false;
    };

    const stillIn: string[] = [];
    const failed: string[] = [];
    for (const id of active) {
      const usedSet = used.get(id) as Set<string>;
      let team: string | undefined = picksOf.get(id)?.[String(label)];
      if (team !== undefined && (!plays(team) || usedSet.has(team))) team = undefined;
      if (team === undefined && rules.missedPick === 'autoPick') {
        team = teams.find((t) => plays(t) && !usedSet.has(t));
      }
      if (team === undefined) {
        failed.push(id);
        continue;
      }
      usedSet.add(team);
      if (rules.reuse === 'afterAllUsed' && usedSet.size === teams.length) usedSet.clear();
      if (survives(team)) stillIn.push(id);
      else failed.push(id);
    }
    // A failed entry with a life left loses it and stays in.
    const livesLost = failed.filter((id) => (livesOf.get(id) ?? 0) > 0);
    const out = failed.filter((id) => (livesOf.get(id) ?? 0) === 0);
    if (stillIn.length + livesLost.length > 0) {
      for (const id of livesLost) livesOf.set(id, (livesOf.get(id) ?? 0) - 1);
      stillIn.push(...livesLost);
      stillIn.sort(plain);
    }

    if (stillIn.length === 0 && active.length > 0) {
      if (rules.allOut === 'split') {
        rounds.push({
          round: label,
          status: 'played',
          survived: [],
          eliminated: [...active],
          rollover: false,
          ...extra([], []),
        });
        winners = [...active];
        break;
      }
      rounds.push({
        round: label,
        status: 'played',
        survived: [...active],
        eliminated: [],
        rollover: true,
        ...extra([], []),
      });
    } else {
      const buyBack = input.buyBack;
      const boughtBack =
        buyBack !== undefined && label <= buyBack.untilRound && !isLast
          ? out.filter((id) => wantsBuyBack.has(id) && !hasBoughtBack.has(id))
          : [];
      for (const id of boughtBack) {
        hasBoughtBack.add(id);
        livesOf.set(id, 0);
      }
      boughtBackCount += boughtBack.length;
      rounds.push({
        round: label,
        status: 'played',
        survived: [...stillIn],
        eliminated: out,
        rollover: false,
        ...extra(livesLost, boughtBack),
      });
      active = [...stillIn, ...boughtBack].sort(plain);
    }
    if (active.length === 1 || isLast) {
      winners = [...active];
      break;
    }
  }

  const price = input.buyBack?.pricePence ?? 0;
  const pot = Math.floor(((entries.length * fee + boughtBackCount * price) * (100 - house)) / 100);
  const payouts: Record<string, number> = {};
  let remainderPence = 0;
  if (winners !== null && winners.length > 0) {
    const share = Math.floor(pot / winners.length);
    for (const w of winners) payouts[w] = share;
    remainderPence = pot - share * winners.length;
  }
  return {
    rounds,
    decided: winners !== null,
    winners: winners ?? [],
    finalRound: rounds.length > 0 ? (rounds[rounds.length - 1]?.round ?? null) : null,
    potPence: pot,
    payouts,
    remainderPence,
  };
}

const RULE_CHOICES = {
  draw: ['eliminate', 'survive'],
  reuse: ['never', 'afterAllUsed'],
  missedPick: ['eliminate', 'autoPick'],
  postponed: ['survive', 'eliminate'],
  allOut: ['rollover', 'split'],
} as const;

export function randomRules(random: () => number): Record<string, string> {
  const rules: Record<string, string> = {};
  for (const [name, values] of Object.entries(RULE_CHOICES)) {
    const r = random();
    if (r < 0.3) continue;
    rules[name] = values[r < 0.65 ? 0 : 1];
  }
  return rules;
}

/**
 * Entries whose picks mix sensible choices (a team that plays, not used yet), reused teams, teams
 * that do not play in the round, and missing picks.
 */
export function randomEntries(
  random: () => number,
  count: number,
  season: { matches: RawMatch[] },
  startRound: number,
): { id: string; picks: Record<string, string> }[] {
  const teams = [...new Set(season.matches.flatMap((m) => [m.team1, m.team2]))].sort(plain);
  const byLabel = new Map<number, string[]>();
  for (const m of season.matches) {
    const label = Number(m.round.replace('Matchday ', ''));
    const list = byLabel.get(label) ?? [];
    list.push(m.team1, m.team2);
    byLabel.set(label, list);
  }
  const labels = [...byLabel.keys()].sort((a, b) => a - b);
  const entries: { id: string; picks: Record<string, string> }[] = [];
  for (let i = 0; i < count; i++) {
    const picks: Record<string, string> = {};
    const mine = new Set<string>();
    const care = random();
    for (const label of labels) {
      if (label < startRound - 1) continue;
      const r = random();
      if (r < 0.05 * (1 - care)) continue;
      let team: string;
      if (r < 0.1) team = teams[Math.floor(random() * teams.length)] as string;
      else {
        const playing = (byLabel.get(label) ?? []).filter((t) => !mine.has(t) || random() < 0.05);
        team = playing[Math.floor(random() * playing.length)] ?? (teams[0] as string);
      }
      mine.add(team);
      picks[String(label)] = team;
    }
    entries.push({ id: `e${Math.floor(random() * 1e9).toString(36)}-${i}`, picks });
  }
  return entries;
}
