// The half of the test world that goes through the real HTTP API only, so that it works against
// any running server: the server tests use it (through world.ts) with their fetch client, the
// browser tests (e2e/support) with Playwright's request context. It imports nothing from the
// server's source and nothing of vitest or Playwright: a builder talks to an `ApiSession`, and a
// failed call throws with the status and body.

/** The password of every seeded demo member (admin@redlion.test, player1@redlion.test…). */
export const DEMO_PASSWORD = 'lastman-demo';

/** An answer as the builders read it. */
export interface ApiAnswer {
  status: number;
  text: string;
  // biome-ignore lint/suspicious/noExplicitAny: response bodies are read field by field
  json: any;
}

/**
 * One person's HTTP session (its own cookies), sending the Origin header and echoing the XSRF cookie
 * on writes as the web app does. The server tests' `HttpClient` is one; e2e wraps a request context.
 */
export interface ApiSession {
  get(path: string): Promise<ApiAnswer>;
  post(path: string, body?: unknown): Promise<ApiAnswer>;
  patch(path: string, body?: unknown): Promise<ApiAnswer>;
  put(path: string, body?: unknown): Promise<ApiAnswer>;
}

/** The answer, or an error naming the call when its status is not `status` (200 by default). */
export function expectStatus(answer: ApiAnswer, what: string, status = 200): ApiAnswer {
  if (answer.status !== status) throw new Error(`${what}: ${answer.status} ${answer.text}`);
  return answer;
}

/** An address of this run's own, so that runs side by side (and reruns) never meet. */
export const uniqueEmail = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.test`;

export interface NewPerson {
  name: string;
  email: string;
  password: string;
  dateOfBirth: string;
  /** The club to join (the server's default club when left out). */
  clubSlug?: string;
  /** Signs up to start a club of their own (they create it next, through `/api/clubs`). */
  startClub?: boolean;
}

/** Signs a new person up through the real sign-up; the session is signed in as them after. */
export async function signUp(session: ApiSession, person: NewPerson): Promise<ApiAnswer> {
  return expectStatus(await session.post('/api/auth/sign-up/email', person), `sign-up of ${person.email}`);
}

/** Signs the session in (a demo member unless a password is given). */
export async function signIn(
  session: ApiSession,
  email: string,
  password = DEMO_PASSWORD,
): Promise<ApiAnswer> {
  return expectStatus(
    await session.post('/api/auth/sign-in/email', { email, password }),
    `sign-in of ${email}`,
  );
}

/** The id of the person the session is signed in as. */
export async function myUserId(session: ApiSession): Promise<string> {
  const me = expectStatus(await session.get('/api/me'), 'GET /api/me');
  return me.json.user.id as string;
}

/** A club admin's session gives a member of the club a role (player, staff, manager, admin). */
export async function giveRole(admin: ApiSession, userId: string, role: string): Promise<void> {
  expectStatus(await admin.patch(`/api/admin/members/${userId}`, { role }), `role ${role} for ${userId}`);
}

/** A competition as a club admin creates it (a draft); its id. */
export async function createCompetition(admin: ApiSession, values: Record<string, unknown>): Promise<string> {
  const created = expectStatus(
    await admin.post('/api/admin/competitions', values),
    'create competition',
    201,
  );
  return created.json.competition.id as string;
}

/** A club admin opens a draft competition for entries. */
export async function openForEntries(admin: ApiSession, competitionId: string): Promise<void> {
  expectStatus(await admin.post(`/api/admin/competitions/${competitionId}/open`), 'open competition');
}

/** The session's player enters an open free competition; the entry's id. */
export async function enter(player: ApiSession, competitionId: string): Promise<string> {
  const res = await player.post(`/api/competitions/${competitionId}/entries`);
  if (res.status !== 200 && res.status !== 201)
    throw new Error(`enter ${competitionId}: ${res.status} ${res.text}`);
  return res.json.id as string;
}

/** A round's fixtures as the API lists them to a player. */
export async function roundFixtures(player: ApiSession, competitionId: string, round: number) {
  const res = expectStatus(
    await player.get(`/api/competitions/${competitionId}/rounds/${round}/fixtures`),
    `fixtures of round ${round}`,
  );
  // biome-ignore lint/suspicious/noExplicitAny: fixtures are read field by field
  return res.json.fixtures as any[];
}

/** Team id by (start of) name, from a round's fixtures as the API lists them. */
// biome-ignore lint/suspicious/noExplicitAny: fixtures are read field by field
export function teamIn(fixtures: any[], name: string): string {
  for (const f of fixtures) {
    if (f.home.name.startsWith(name)) return f.home.id;
    if (f.away.name.startsWith(name)) return f.away.id;
  }
  throw new Error(`${name} does not play in this round`);
}

/** The entry's pick for a round. */
export async function pick(
  player: ApiSession,
  entryId: string,
  round: number,
  teamId: string,
): Promise<void> {
  expectStatus(
    await player.put(`/api/entries/${entryId}/picks/${round}`, { teamId }),
    `pick in round ${round}`,
  );
}

/** A club a test started for itself: its admin's address, and the club as the server made it. */
export interface StartedClub {
  id: string;
  slug: string;
  name: string;
  joinCode: string;
  adminEmail: string;
}

/**
 * A club of the test's own, so that what other tests add to a shared club never shows on its
 * screens: a new person signs up to start it (the session is signed in as them after) and becomes
 * its admin. The name gets a suffix of this run's own; the admin's password is the demo password.
 */
export async function startClub(session: ApiSession, name: string): Promise<StartedClub> {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const adminEmail = uniqueEmail('founder');
  await signUp(session, {
    name: 'Sam Founder',
    email: adminEmail,
    password: DEMO_PASSWORD,
    dateOfBirth: '1985-05-05',
    startClub: true,
  });
  const slug = `${name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}-${tag}`;
  const created = expectStatus(
    await session.post('/api/clubs', { name: `${name} ${tag}`, slug }),
    `start the club ${name}`,
    201,
  );
  return { ...(created.json.club as Omit<StartedClub, 'adminEmail'>), adminEmail };
}

/** The demo season as the API lists it to the session's club (every club can play it). */
export async function demoSeason(session: ApiSession): Promise<{ id: string; rounds: { round: number }[] }> {
  const { json } = expectStatus(await session.get('/api/seasons'), 'GET /api/seasons');
  // biome-ignore lint/suspicious/noExplicitAny: seasons are read field by field
  const season = (json.seasons as any[]).find((s) => s.demo);
  if (!season) throw new Error('no demo season');
  return season;
}

/** A club admin records entries paid in cash at the bar for a name-only player; the order's amount. */
export async function cashEntries(
  admin: ApiSession,
  competitionId: string,
  playerName: string,
  entries = 1,
): Promise<number> {
  const { json } = expectStatus(
    await admin.post(`/api/admin/competitions/${competitionId}/cash-entries`, {
      playerName,
      confirmsAdult: true,
      entries,
    }),
    `cash entries for ${playerName}`,
    201,
  );
  return json.amountPence as number;
}
