import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { clubs, user } from '../../src/db/schema/index.ts';
import { newJoinCode } from '../../src/features/clubs/service.ts';
import { DEMO_PASSWORD } from '../../src/seed/demo.ts';
import type { HttpClient } from './http-client.ts';
import type { TestServer } from './test-server.ts';

/** A client signed in as one of the seeded demo members (admin@redlion.test, player1@redlion.test…). */
export async function signedIn(server: TestServer, email: string): Promise<HttpClient> {
  const c = server.client();
  await c.signIn(email, DEMO_PASSWORD);
  return c;
}

/** A second club, The Kings Arms, and a client signed up to it and made its admin. */
export async function otherClubAdmin(server: TestServer, name: string, email: string): Promise<HttpClient> {
  await server.db
    .insert(clubs)
    .values({ slug: 'kings-arms', name: 'The Kings Arms', joinCode: newJoinCode() });
  const c = server.client();
  await c.prime();
  const signUp = await c.post('/api/auth/sign-up/email', {
    name,
    email,
    password: 'club-member-pass',
    dateOfBirth: '1980-03-03',
    clubSlug: 'kings-arms',
  });
  expect(signUp.status).toBe(200);
  await server.db.update(user).set({ role: 'admin' }).where(eq(user.email, email));
  return c;
}
