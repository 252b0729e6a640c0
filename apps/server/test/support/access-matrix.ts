import { createECDH, randomBytes } from 'node:crypto';
import sharp from 'sharp';

/**
 * The access matrix's shared parts (test/platform/access-matrix.test.ts assembles it): the callers,
 * the shape of a route's row, the first club's world the rows name, and the bodies several domains
 * send. Each domain lists its own routes' rows in `test/<domain>/access.ts`.
 */

export const CALLERS = [
  'anonymous',
  'otherClubAdmin',
  'otherPlayer',
  'staff',
  'admin',
  'owner',
  // Tenants: one person, a player of the first club and the admin of the other, in two sessions:
  // one acting in the first club, one in the other (where they must reach nothing of the first).
  'dualPlayer',
  'dualAdmin',
] as const;
export type Caller = (typeof CALLERS)[number];

/** Callers acting in the other club: the first club's objects are out of their reach. */
export const inOtherClub = new Set<Caller>(['otherClubAdmin', 'dualAdmin']);

export interface Call {
  path: string;
  body?: unknown;
  contentType?: string;
}

export interface Fixture {
  /** The request: a concrete path for the route's pattern, and a body that passes its schema. */
  call: (caller: Caller) => Call;
  /** The path or body names objects of the first club (default: when the route has path parameters). */
  firstClub?: boolean;
  /** The objects belong to one player (the owner): every other caller is refused, or every one but the club's admin. */
  owned?: 'owner' | 'ownerOrAdmin';
  /** Why the objects named are not one club's (the other club's admin may reach them). */
  shared?: string;
  /** Each call needs a session of its own, because the call ends it. */
  ownSession?: boolean;
  /** Why no caller succeeds (otherwise some caller must, or the fixture's ids are wrong). */
  refused?: string;
}

let signUps = 0;
/** A new address for each sign-up the matrix makes. */
export const nextSignUp = () => ++signUps;

/** A domain's rows of the matrix: each of its routes with a request naming the world's objects. */
export type AccessRows = (w: World) => Record<string, Fixture>;

/** The same request for every caller. */
export const at =
  (path: string, body?: unknown): Fixture['call'] =>
  () => ({ path, body });

/** Football data is shared by every club: the game's and the events' rows name it. */
export const FOOTBALL_SHARED =
  'football data: every club sees the same seasons and matches, and corrects results for itself';

/** The rota's templates, leave, swaps and calendar (staff domain: shifts, leave, swaps): one object of each for the routes. */
export interface RotaExtrasWorld {
  templateToDelete: string;
  leaveToDecide: string;
  absenceToWithdraw: string;
  staffShift: string;
  adminUserId: string;
  swapToAnswer: string;
  swapToDecide: string;
  swapToWithdraw: string;
  feedPath: string;
}

/** Everything the first club has, as the test's beforeAll made it. */
export interface World {
  seasonId: string;
  finishedId: string;
  ownerWinningEntry: string;
  paidId: string;
  freeId: string;
  draftToEdit: string;
  draftToOpen: string;
  toCancel: string;
  ownerPickEntry: string;
  ownerUnpickEntry: string;
  /** An entry of player 3 in the free competition, for the admin to knock out. */
  entryToKnockOut: string;
  round20Team: string;
  ownerPaidOrder: string;
  ownerOrderToRefund: string;
  ownerPendingSecret: string;
  ownerOrderToCancel: string;
  ownerOrderToResume: string;
  issueId: string;
  memberToChange: string;
  memberToRemove: string;
  /** The owner's contact message, to answer and mark done. */
  contactMessage: string;
  /** Invitations sent by email: one to send again, one to withdraw. */
  invitationToResend: string;
  invitationToWithdraw: string;
  firstClubId: string;
  otherClubId: string;
  photoOwner: string;
  /** A file in the storage (lib/storage.ts). */
  fileKey: string;
  gallery: { albumId: string; albumToDelete: string; photoToEdit: string; photoToDelete: string };
  round1Fixture: { id: string; home: number | null; away: number | null; status: string };
  // rota
  staffUserId: string;
  shiftToEdit: string;
  shiftToDelete: string;
  openShift: string;
  clockToken: string;
  tillToRemove: string;
  // Timesheets.
  clockEntry: string;
  rotaExtras: RotaExtrasWorld;
  // Events.
  events: {
    seriesId: string;
    occurrenceId: string;
    toCancel: string;
    toDelete: string;
    exceptionId: string;
    /** A date with its one place taken by a phone booking: members may join its waiting list. */
    fullId: string;
    bookingToRemove: string;
    /** A Friday evening match the club may show on its big screen. */
    screenFixture: string;
  };
  /** Quiz night: a running quiz with one answer marked (its first question closed, two to go). */
  quiz: { id: string; joinCode: string; questionId: string; answerId: string; teamId: string };
  /** TV screens: a pending screen's code for the admin to pair, and a paired one to unpair. */
  screens: { code: string; toUnpair: string };
  // Menu.
  menu: {
    category: string;
    categoryToDelete: string;
    orderCategory: string;
    orderItem: string;
    item: string;
    itemToDelete: string;
    pdf: Buffer;
  };
}

/** A real P-256 key and auth secret, as a browser's PushSubscription carries (notifications). */
export const PUSH_KEYS = (() => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
})();

export const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#b71c1c' } })
  .png()
  .toBuffer();

// Gallery: an upload as the web app sends it (multipart/form-data, the image in the field `file`).
const MULTIPART_BOUNDARY = 'matrix-boundary-7d1a';
export const MULTIPART_TYPE = `multipart/form-data; boundary=${MULTIPART_BOUNDARY}`;
export const multipartPng = Buffer.concat([
  Buffer.from(
    `--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="quiz.png"\r\nContent-Type: image/png\r\n\r\n`,
  ),
  png,
  Buffer.from(`\r\n--${MULTIPART_BOUNDARY}--\r\n`),
]);

/** A registration answer in the right encoding that no authenticator made. */
export const fakeCredential = {
  id: 'AAAA',
  rawId: 'AAAA',
  type: 'public-key',
  response: { clientDataJSON: 'e30', attestationObject: 'AA' },
};

/** The public pages a caller reads: their own club's (a visitor's, the first club's). */
export const PUBLIC_PAGES = "a club's public pages are for anyone: each caller reads their own club's";
export const ownSlug = (caller: Caller) => (inOtherClub.has(caller) ? 'kings-arms' : 'red-lion');
