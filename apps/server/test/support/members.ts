import { DEMO_PASSWORD } from '../../src/seed/demo.ts';
import { aClub, aMember } from './factories.ts';
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
  const club = await aClub(server);
  return (await aMember(server, { club, role: 'admin', name, email })).client;
}
