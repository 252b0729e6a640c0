import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from '../../src/db/client.ts';
import { clubs } from '../../src/db/schema/index.ts';
import { sqlRows } from '../../src/db/sql-rows.ts';
import { newJoinCode } from '../../src/domains/club/service.ts';
import { DEMO_PASSWORD } from '../../src/seed/demo.ts';
import { type HttpClient, httpClient } from './http-client.ts';
import type { FuzzCaller, FuzzOptions } from './openapi-fuzz.ts';

/**
 * Tables whose rows may change during a refused request: the limits counting it, and the outbox, which
 * better-auth's emails (a reset link, a verification link) reach after an earlier request was answered.
 */
export const TABLES_ALLOWED_TO_CHANGE = ['email_outbox'];

/** Refusals of valid input by rules a JSON schema cannot state. */
/** GET on the unsubscribe link shows a page with the button (a mail scanner's GET never unsubscribes). */
export const UNDOCUMENTED_METHODS = ['GET /api/notifications/unsubscribe'];

export const RULES_BEYOND_SCHEMA = [
  // A time zone is checked against the server's own list of them; the field's description says so.
  {
    operation: 'PUT /api/me/notification-preferences',
    message: /must be a time zone such as Europe\/London/,
  },
  // Analytics: a period runs forwards, is at most 732 days long and stays in the years 1000 to 9999
  // (the fields' descriptions say so).
  ...['GET /api/admin/analytics', 'GET /api/admin/analytics/summary'].map((operation) => ({
    operation,
    message:
      /The start date must be on or before the end date\.|A period can be at most \d+ days long\.|Dates must be in the years 1000 to 9999\./,
  })),
  // The minimum age is counted from today; the field's description says so.
  { operation: 'POST /api/auth/sign-up/email', message: /you must be at least \d+ to join/ },
  // Phone codes: a number must have a possible length for its country (the description says so).
  ...[
    'POST /api/auth/sign-in/phone/send-code',
    'POST /api/auth/sign-in/phone',
    'POST /api/me/phone/code',
    'POST /api/me/phone/verify',
  ].map((operation) => ({ operation, message: /that is not a phone number we can text/ })),
  // An invitation goes to an email address or to a number that can be texted, not both (the
  // fields' descriptions say so).
  {
    operation: 'POST /api/admin/invitations',
    message: /give an email address or a phone number, not both|that is not a phone number we can text/,
  },
  // Quiz night: a question's fields must agree with its kind (a choice's answer among its choices, a
  // number's answer a number; the answer's description says so); a CSV file's lines are read by the
  // server, each mistake named by its line.
  {
    operation: 'POST /api/admin/quizzes',
    message:
      /must be one of the choices|needs its choices|only a choice question has choices|needs a number as its answer|only a number question has a number mode|needs its picture|was not uploaded here/,
  },
  { operation: 'POST /api/admin/quizzes/import', message: /The file has mistakes/ },
];

/**
 * The demo club's callers (anonymous, player1, player2 by bearer token, the staff member, another
 * club's admin, the admin) and its real ids, so that generated requests reach the handlers. The
 * players and admin are never the target of member edits.
 */
export async function demoFuzzSetup(db: Db, baseUrl: string) {
  const anonymous = async () => {
    const c = httpClient(baseUrl);
    await c.prime();
    return c;
  };
  const signedIn = (email: string) => async (): Promise<HttpClient> => {
    const c = httpClient(baseUrl);
    await c.signIn(email, DEMO_PASSWORD);
    return c;
  };
  // A player who keeps only the bearer token, as the native app does: no cookies, so no XSRF token.
  const bearer = (email: string) => async (): Promise<HttpClient> => {
    const c = httpClient(baseUrl);
    const token = (await c.signIn(email, DEMO_PASSWORD)).headers.get('set-auth-token');
    if (!token) throw new Error(`no bearer token for ${email}`);
    c.jar.clear();
    // Whatever cookies an answer sets are dropped: this caller never sends any.
    const request: HttpClient['request'] = async (method, path, body, headers = {}) => {
      const res = await c.request(method, path, body, { authorization: `Bearer ${token}`, ...headers });
      c.jar.clear();
      return res;
    };
    return { ...c, request };
  };
  // The admin of another club, who must see nothing of the demo club's.
  const otherClub = 'fuzz-other-club';
  await db
    .insert(clubs)
    .values({ slug: otherClub, name: 'The Other Club', joinCode: newJoinCode() })
    .onConflictDoNothing();
  const otherAdmin = 'other-admin@fuzz.test';
  const signUp = await httpClient(baseUrl).post('/api/auth/sign-up/email', {
    name: 'Other Admin',
    email: otherAdmin,
    password: DEMO_PASSWORD,
    dateOfBirth: '1980-03-03',
    clubSlug: otherClub,
  });
  if (signUp.status !== 200)
    throw new Error(`sign-up of ${otherAdmin} failed: ${signUp.status} ${signUp.text}`);
  await db.execute(
    sql`update memberships set role = 'admin' where user_id = (select id from "user" where email = ${otherAdmin})`,
  );

  // A club with a logo and a member with a photo, neither within any caller's reach, so that the
  // pictures' own answers (not only their 404s) meet the document.
  const pictures = await withPictures(db, baseUrl);

  const callers: FuzzCaller[] = [];
  for (const [name, renew] of [
    ['anonymous', anonymous],
    ['player', signedIn('player1@redlion.test')],
    ['player by bearer token', bearer('player2@redlion.test')],
    ['staff', signedIn('staff@redlion.test')],
    ['admin of another club', signedIn(otherAdmin)],
    // Last: the probes that need every door open use the last caller.
    ['admin', signedIn('admin@redlion.test')],
  ] as const) {
    callers.push({ name, client: await renew(), renew });
  }

  const ids = async (query: ReturnType<typeof sql>) =>
    (await sqlRows<{ id: string }>(db, query)).map((r) => r.id);
  const realIds: FuzzOptions['realIds'] = {
    competitions: await ids(sql`select id from competitions order by created_at limit 10`),
    entries: await ids(sql`select id from entries limit 10`),
    orders: await ids(sql`select id from orders limit 10`),
    seasons: await ids(sql`select id from seasons`),
    fixtures: await ids(sql`select id from fixtures order by kickoff_at limit 20`),
    teams: await ids(sql`select id from teams limit 20`),
    users: [pictures.userId],
    members: await ids(
      sql`select id from "user" where email not in ('admin@redlion.test', 'player1@redlion.test', 'player2@redlion.test', 'staff@redlion.test') and email not like '%@fuzz.test'`,
    ),
    'payment-issues': await ids(sql`select id from payment_issues limit 10`),
    round: [1, 2, 3, 4, 5, 6, 7, 8],
    clubSlug: ['red-lion'],
    slug: ['red-lion', pictures.clubSlug],
  };

  const tables = (
    await sqlRows<{ name: string }>(
      db,
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    )
  ).map((t) => t.name);
  const countQuery = sql.raw(
    tables.map((t) => `select '${t}' as name, count(*)::int as n from "${t}"`).join(' union all '),
  );
  const countRows = async () =>
    Object.fromEntries(
      (await sqlRows<{ name: string; n: number }>(db, countQuery)).map((r) => [r.name, r.n]),
    );

  return { callers, realIds, countRows };
}

/** Signs up an admin of a new club, who uploads the club's logo and their own photo. */
async function withPictures(db: Db, baseUrl: string) {
  const clubSlug = 'fuzz-pictures';
  const email = 'pictures@fuzz.test';
  await db
    .insert(clubs)
    .values({ slug: clubSlug, name: 'The Picture House', joinCode: newJoinCode() })
    .onConflictDoNothing();
  const c = httpClient(baseUrl);
  await c.prime();
  await c.post('/api/auth/sign-up/email', {
    name: 'Picture Admin',
    email,
    password: DEMO_PASSWORD,
    dateOfBirth: '1980-03-03',
    clubSlug,
  });
  const [row] = await sqlRows<{ id: string }>(db, sql`select id from "user" where email = ${email}`);
  if (!row) throw new Error(`sign-up of ${email} failed`);
  await db.execute(sql`update memberships set role = 'admin' where user_id = ${row.id}`);
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#b22222' } })
    .png()
    .toBuffer();
  for (const path of ['/api/me/photo', '/api/admin/club/logo']) {
    const res = await fetch(new URL(path, baseUrl), {
      method: 'PUT',
      headers: {
        'content-type': 'image/png',
        origin: new URL(baseUrl).origin,
        cookie: [...c.jar].map(([k, v]) => `${k}=${v}`).join('; '),
        'x-xsrf-token': decodeURIComponent(c.jar.get('XSRF-TOKEN') ?? ''),
      },
      body: new Uint8Array(png),
    });
    if (res.status !== 200) throw new Error(`PUT ${path} failed: ${res.status} ${await res.text()}`);
  }
  return { clubSlug, userId: row.id };
}
