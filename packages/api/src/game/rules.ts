// The rules both apps apply, written once. No zod here: the web app's first chunk imports this
// module (`@lastman/api/rules`), and the schemas in this package read their limits from it.

import { formatPence } from '../format.ts';

/** The password policy's length limits (the server also refuses the most common passwords). */
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 128;

/** The youngest a person may be to join a club. */
export const MIN_SIGN_UP_AGE = 13;
/** The youngest a person may be to enter a competition that costs money. */
export const MIN_AGE_FOR_PAID_ENTRY = 18;

/** Whole years between a date of birth (`YYYY-MM-DD`) and a moment, by the UTC calendar. */
export function ageOn(dateOfBirth: string, now: Date): number {
  const [y = 0, m = 1, d = 1] = dateOfBirth.split('-').map(Number);
  let age = now.getUTCFullYear() - y;
  const beforeBirthday = now.getUTCMonth() + 1 < m || (now.getUTCMonth() + 1 === m && now.getUTCDate() < d);
  if (beforeBirthday) age -= 1;
  return age;
}

/** The largest profile photo the server takes, before it is cropped and re-encoded. */
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
/** The image types a profile photo may be; the server checks the file's own signature. */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type PhotoType = (typeof PHOTO_TYPES)[number];
export const isPhotoType = (type: string): type is PhotoType =>
  (PHOTO_TYPES as readonly string[]).includes(type);

/** The longest an email address can be (RFC 5321), wherever one is given. */
export const MAX_EMAIL_LENGTH = 254;

/**
 * The contact form's limits. A message needs only to say something: "When?" is a fair question
 * to a club, so the shortest is one character once trimmed, on the form and on the server alike.
 */
export const CONTACT_LIMITS = {
  nameMax: 100,
  emailMax: MAX_EMAIL_LENGTH,
  subjectMax: 200,
  messageMin: 1,
  messageMax: 5000,
} as const;

/** The rota's limits: a shift is at most a day long (a pub's longest is an open-to-close Saturday). */
export const ROTA_LIMITS = {
  positionMax: 60,
  notesMax: 500,
  breakMinutesMax: 240,
  shiftHoursMax: 16,
} as const;

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

// Money as text is written in format.ts; re-exported here for the code that reads the rules.
export { formatPence, formatPoundsTick, moneyTicks, penceAsPounds } from '../format.ts';

// Events.
export const EVENT_LIMITS = {
  titleMax: 120,
  descriptionMax: 4000,
  placeMax: 120,
  recurrenceMax: 300,
  capacityMax: 10_000,
  /** The dearest place at an event, in pence (£500). */
  priceMaxPence: 50_000,
  teamNameMax: 60,
  teamSizeMax: 20,
  /** The most places one booking or waiting-list entry takes (a table for six). */
  placesMax: 6,
  guestPhoneMax: 30,
  /** The widest range one GET /api/events answers, so a series cannot be asked for ten thousand dates. */
  rangeMaxDays: 400,
} as const;

// Menu and club details: the codes both apps use, without zod.

/** The 14 allergens of the Food Information Regulations 2014, by the codes the API uses. */
export const ALLERGENS = [
  'celery',
  'gluten',
  'crustaceans',
  'eggs',
  'fish',
  'lupin',
  'milk',
  'molluscs',
  'mustard',
  'nuts',
  'peanuts',
  'sesame',
  'soya',
  'sulphites',
] as const;
export type Allergen = (typeof ALLERGENS)[number];
/** How a menu names each allergen to a guest. */
export const ALLERGEN_LABELS: Record<Allergen, string> = {
  celery: 'Celery',
  gluten: 'Cereals containing gluten',
  crustaceans: 'Crustaceans',
  eggs: 'Eggs',
  fish: 'Fish',
  lupin: 'Lupin',
  milk: 'Milk',
  molluscs: 'Molluscs',
  mustard: 'Mustard',
  nuts: 'Tree nuts',
  peanuts: 'Peanuts',
  sesame: 'Sesame',
  soya: 'Soya',
  sulphites: 'Sulphur dioxide and sulphites',
};

export const DIETARY_FLAGS = ['vegetarian', 'vegan', 'gluten-free', 'halal'] as const;
export type DietaryFlag = (typeof DIETARY_FLAGS)[number];
export const DIETARY_LABELS: Record<DietaryFlag, string> = {
  vegetarian: 'Vegetarian',
  vegan: 'Vegan',
  'gluten-free': 'Gluten-free',
  halal: 'Halal',
};

/**
 * The allergens a diet label rules out. A dish with the label may neither contain one of them nor
 * "may contain" it (traces): a dish that may contain gluten is not gluten-free, one that may contain
 * milk is not vegan. Halal is about meat and alcohol, which are not among the 14 allergens.
 */
export const DIET_EXCLUDES: Record<DietaryFlag, readonly Allergen[]> = {
  vegetarian: ['fish', 'crustaceans', 'molluscs'],
  vegan: ['milk', 'eggs', 'fish', 'crustaceans', 'molluscs'],
  'gluten-free': ['gluten'],
  halal: [],
};

/** A diet label that the dish's own allergen record says is wrong. */
export interface DietConflict {
  diet: DietaryFlag;
  allergen: Allergen;
  how: 'contains' | 'may contain';
}

type AllergenRecord = {
  allergens: readonly Allergen[];
  mayContain: readonly Allergen[];
  dietary: readonly DietaryFlag[];
};

/** Every diet label of the dish that one of its allergens, contained or maybe, contradicts. */
export function dietConflicts(item: AllergenRecord): DietConflict[] {
  return item.dietary.flatMap((diet) =>
    DIET_EXCLUDES[diet].flatMap((allergen): DietConflict[] =>
      item.allergens.includes(allergen)
        ? [{ diet, allergen, how: 'contains' }]
        : item.mayContain.includes(allergen)
          ? [{ diet, allergen, how: 'may contain' }]
          : [],
    ),
  );
}

/** "Gluten-free, but it may contain cereals containing gluten". */
export function dietConflictText({ diet, allergen, how }: DietConflict): string {
  return `${DIETARY_LABELS[diet]}, but it ${how === 'contains' ? 'contains' : 'may contain'} ${ALLERGEN_LABELS[allergen].toLowerCase()}`;
}

/** The dish's diet labels that its allergen record bears out: the ones a guest may rely on. */
export function dietsThatHold(item: AllergenRecord): DietaryFlag[] {
  const broken = new Set(dietConflicts(item).map((c) => c.diet));
  return item.dietary.filter((d) => !broken.has(d));
}

/**
 * What guests see when the club has uploaded its own PDF menu: the menu kept in the app (and the PDF
 * made from it), the uploaded PDF alone, or both, each labelled. Without an upload it is the menu.
 */
export const MENU_GUESTS_SEE = ['menu', 'pdf', 'both'] as const;
export type MenuGuestsSee = (typeof MENU_GUESTS_SEE)[number];

export const MENU_LIMITS = {
  categoryNameMax: 80,
  itemNameMax: 120,
  descriptionMax: 1000,
  /** £10,000: anything dearer is a typing slip. */
  priceMaxPence: 1_000_000,
  caloriesMax: 10_000,
  categoriesMax: 50,
  itemsMax: 500,
  /** An uploaded menu PDF. */
  pdfMaxBytes: 10 * 1024 * 1024,
} as const;

export const WEEKDAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const CLUB_DETAILS_LIMITS = { addressMax: 300, emailMax: MAX_EMAIL_LENGTH } as const;
// Uploaded images (the gallery, and events' and the menu's pictures): the server checks each
// file's own bytes, turns it upright, drops its metadata and stores a display size and a thumbnail.
/** The largest image upload the server takes, before it is resized (a phone's photo is 2-8 MB). */
export const IMAGE_MAX_BYTES = 15 * 1024 * 1024;
/** What an image upload may be, recognised from its bytes: HEIC is an iPhone's own format. */
export const IMAGE_UPLOAD_ACCEPT =
  'image/jpeg,image/png,image/webp,image/gif,image/avif,image/heic,image/heif,.heic,.heif';

/** The gallery's limits: a caption, an album's title and description, a page of photos. */
export const GALLERY_LIMITS = {
  captionMax: 300,
  albumTitleMax: 100,
  albumDescriptionMax: 500,
  pageMax: 100,
  pageDefault: 60,
} as const;

// Phone codes.
export const PHONE_CODE_RULES = {
  length: 6,
  /** How long a code stays good. */
  expiresInSeconds: 10 * 60,
  /** Wrong codes allowed before the code locks and a new one is needed. */
  maxAttempts: 5,
} as const;
/** The order number people read and say: the first 8 characters of its id, upper case ("3F2A9C1B"). */
export function shortOrderNumber(orderId: string): string {
  return orderId.slice(0, 8).toUpperCase();
}

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
// Tenants: club colours, checked for readability (WCAG 2.x AA).
/** Text in a club colour on the app's white page, and white text on it, need this ratio (AA). */
export const MIN_COLOR_CONTRAST = 4.5;
export const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

function relativeLuminance(hex: string): number {
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
}

/** The WCAG contrast ratio of two `#rrggbb` colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * The club colour as the app uses it: the colour itself when white text on it (and it as text on
 * white) reaches AA, else the same hue darkened just enough to reach it. Colours are adjusted, not
 * refused: the settings screen shows the shade that will be used before it is saved.
 */
export function readableClubColor(hex: string): string {
  if (!HEX_COLOR.test(hex)) return hex;
  const rgb = [0, 1, 2].map((i) => Number.parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16));
  const toHex = (c: number[]) => `#${c.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;
  for (let step = 0; step <= 100; step++) {
    const shade = toHex(rgb.map((v) => v * (1 - step / 100)));
    if (contrastRatio(shade, '#ffffff') >= MIN_COLOR_CONTRAST) return shade;
  }
  return '#000000';
}

/** What the settings screen says of a colour: null when it is used as given, else what it becomes. */
export function clubColorNote(hex: string): string | null {
  if (!HEX_COLOR.test(hex)) return 'Give a colour as #rrggbb.';
  const used = readableClubColor(hex);
  if (used === hex.toLowerCase() || contrastRatio(hex, '#ffffff') >= MIN_COLOR_CONTRAST) return null;
  return `${hex} is too pale for white text (${contrastRatio(hex, '#ffffff').toFixed(1)}:1, AA needs ${MIN_COLOR_CONTRAST}:1): it will be darkened to ${used} (${contrastRatio(used, '#ffffff').toFixed(1)}:1).`;
}

/** A club's web address name: /c/<slug>. */
export const CLUB_SLUG = /^[a-z0-9](?:[a-z0-9-]{1,38}[a-z0-9])$/;
/** Slugs the app's own pages or words use. */
export const RESERVED_SLUGS = ['admin', 'api', 'app', 'new', 'join', 'clubs', 'club', 'lastman', 'www'];
/** How long an invitation link works. */
export const INVITATION_DAYS = 7;
/** A club logo: the same limit and types as a profile photo. */
export const LOGO_MAX_BYTES = 5 * 1024 * 1024;

/** The first day of a person's first pay rate when none is given: that rate covers all their hours. */
export const PAY_RATE_FROM_THE_START = '1970-01-01';

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
