// The game's rules both apps apply, written once. No zod here: the web app's first chunk imports this
// module (`@lastman/api/game/rules`), and the game's schemas read their limits from it.

import { MIN_AGE_FOR_PAID_ENTRY } from '../account/rules.ts';
import { formatPence } from '../format.ts';

// The game's limits and default rules are the engine's: the contract, the web, the seed and the tests
// use these, never numbers of their own.
export { defaultRules, MAX_ENTRY_FEE_PENCE, MAX_LIVES } from '@lastman/game';

/** An entry's lives left, short: "2 lives left", "1 life left", "No lives left". */
export function livesLeftText(livesLeft: number): string {
  if (livesLeft <= 0) return 'No lives left';
  return livesLeft === 1 ? '1 life left' : `${livesLeft} lives left`;
}

/** What a settled round did to one entry: the facts its card and its results message are written from. */
export interface RoundFateFacts {
  /** The team picked for the round (an automatic pick included); null when none was made. */
  readonly team: string | null;
  /** The pick's outcome: survived, eliminated, void, invalid; null while waiting for the result. */
  readonly outcome: string | null;
  /** The round knocked the entry out (its eliminated round is this one). */
  readonly out: boolean;
  /** The round cost the entry a life, and it stayed in. */
  readonly lostLife: boolean;
  /** Lives left after the round (0 when the competition has none). */
  readonly livesLeft: number;
  /** Everyone left went out, so every entry was put back in. */
  readonly rollover: boolean;
  /** The entry was knocked out in this round and bought back in. */
  readonly boughtBack?: boolean;
}

/**
 * One entry's fate in a settled round, in the words of its card and of its results message, so the
 * two never disagree: "Arsenal FC did not win: lost a life, still in (No lives left)", never "out"
 * above "Still in", and never "came through" for a pick that lost or a pick never made.
 */
export function roundFateText(f: RoundFateFacts): string {
  const picked = f.team ?? 'No pick';
  const failed = f.team ? `${f.team} did not win` : 'No pick';
  if (f.outcome === 'void') return `${picked}: round void, still in`;
  if (f.boughtBack) return `${failed}: out, bought back in`;
  if (f.out) return `${failed}: out`;
  if (f.lostLife) return `${failed}: lost a life, still in (${livesLeftText(f.livesLeft)})`;
  if (f.rollover && f.outcome !== 'survived') {
    return `${failed}: everyone left went out, so all are back in (rollover)`;
  }
  if (f.outcome === 'survived') return `${picked} came through: still in`;
  if (f.team === null) return 'No pick: still in';
  if (f.outcome === null) return `${picked}: waiting for the result`;
  return `${picked}: still in`;
}

/** A competition's lives and buy-backs, as `describeVariants` reads them (a competition has these). */
export interface VariantSettings {
  readonly rules: { readonly lives: number };
  /** `untilRound` in the competition's own rounds: 1 is its first round (its starting gameweek). */
  readonly buyBack: { readonly untilRound: number; readonly pricePence: number } | null;
  /** The competition's first round, a gameweek of the season: the window is named in gameweeks from it. */
  readonly startRound: number;
  /** A pool's buy-backs go into the pot; a free competition's buy-back is a free rejoin. */
  readonly prizeModel: 'pool' | 'fixed' | 'free';
}

export interface VariantLine {
  readonly key: 'lives' | 'buyBack';
  readonly label: string;
  readonly text: string;
}

const livesWord = (n: number) => (n === 1 ? '1 life' : `${n} lives`);
const matchesWord = (n: number) => (n === 1 ? '1 match' : `${n} matches`);

/**
 * Lives and buy-backs in plain words, one line each: the same sentences on the rules page, the
 * competition form's preview, the terms a player accepts before paying, and the receipts.
 */
export function describeVariants(c: VariantSettings): VariantLine[] {
  const lives =
    c.rules.lives <= 0
      ? 'No lives: an entry is out the first time its pick fails.'
      : `Each entry can lose ${matchesWord(c.rules.lives)} and stay in: it starts with ${livesWord(c.rules.lives)}, and a pick that would knock it out (a loss, or a draw, missed pick or postponed match these rules count against it) costs a life instead. With no life left, the next one puts it out.`;
  return [
    { key: 'lives', label: 'Lives', text: lives },
    { key: 'buyBack', label: 'Buying back in', text: buyBackSentence(c) },
  ];
}

/** The season's gameweek of a competition's own round `n` (1 is the competition's starting gameweek). */
export const seasonRoundOf = (startRound: number, n: number): number => startRound + n - 1;

/** The competition's own round number of a season gameweek (its starting gameweek is round 1). */
export const competitionRoundOf = (startRound: number, seasonRound: number): number =>
  seasonRound - startRound + 1;

function buyBackSentence(c: VariantSettings): string {
  const b = c.buyBack;
  if (b === null) return 'No buy-backs: once an entry is out, it stays out.';
  // Named in the rounds the game screens show (the season's gameweeks): its first 3 from round 10 are 10–12.
  const last = seasonRoundOf(c.startRound, b.untilRound);
  const window = last <= c.startRound ? `in round ${c.startRound}` : `in rounds ${c.startRound}–${last}`;
  const paid = c.prizeModel !== 'free' && b.pricePence > 0;
  const cost = paid ? `for ${formatPence(b.pricePence)}` : 'for free';
  const back =
    c.rules.lives > 0 ? 'it comes back with no lives and keeps its used teams' : 'it keeps its used teams';
  const base = `An entry knocked out ${window} can buy back in once ${cost} before the next deadline; ${back}.`;
  if (!paid) return base;
  const pot =
    c.prizeModel === 'pool' ? ' The price goes into the pot, less the club’s share, like an entry fee.' : '';
  return `${base} A buy-back is paid like an entry, by players aged ${MIN_AGE_FOR_PAID_ENTRY} and over only.${pot}`;
}

/** Lives and buy-backs as one paragraph, for a receipt or the terms. */
export const variantsParagraph = (c: VariantSettings): string =>
  describeVariants(c)
    .map((l) => l.text)
    .join(' ');

/**
 * "Removed by the club from round 4: abusive to staff" — the same words for the admin and the player.
 * Here, not beside the entries' schemas, so that the game screen shows it without loading zod.
 */
export function removalText(removal: { fromRound: number; reason: string }): string {
  return `Removed by the club from round ${removal.fromRound}: ${removal.reason}`;
}

/** "Out in round 3 after a result correction: Chelsea FC 1–2 Arsenal FC", for the player's entry. */
export function correctionOutText(out: { round: number; result: string }): string {
  return `Out in round ${out.round} after a result correction: ${out.result}`;
}

/**
 * The pub's TV screen: the pairing code it shows (letters and digits a person reads across a room
 * without mixing up: no 0/O, 1/I/L), how long one code lasts, and how often the screen asks again.
 */
export const SCREEN_PAIRING = {
  codeLength: 6,
  codeAlphabet: 'ABCDEFGHJKMNPQRSTUVWXYZ23456789',
  codeMinutes: 15,
  /** Unpaired, the screen asks every few seconds whether an admin has entered its code. */
  pairingPollSeconds: 3,
  /** Paired, it refreshes its board this often (live scores may push sooner). */
  refreshSeconds: 10,
  nameMax: 60,
} as const;

/** A pairing code as typed: spaces and dashes dropped, upper case. */
export const normaliseScreenCode = (code: string): string => code.replace(/[\s-]/g, '').toUpperCase();

/** What each live state (`LiveEntryState` in the live contract) says on a screen. */
export const liveEntryStateText = {
  through: 'Through if it ends like this',
  'out-if': 'Out if it ends like this',
  'life-if': 'Through if it ends like this, losing a life',
  safe: 'Safe',
  'life-lost': 'Still in, losing a life',
  out: 'Out',
  waiting: 'Waiting',
};
