import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpClient, Json } from '../support/http-client.ts';
import { backends, startTestServer, type TestServer } from '../support/test-server.ts';
import { aCompetition, otherClubAdmin, signedIn } from '../support/world.ts';

/** GET /api/game: the whole game screen in one call, scoped by the viewer's club. */
describe.each(backends())('the game screen in one call on %s', (backend) => {
  let server: TestServer;
  let player: HttpClient;
  let admin: HttpClient;
  const ids: Record<'free' | 'paid' | 'draft' | 'cancelled', string> = {
    free: '',
    paid: '',
    draft: '',
    cancelled: '',
  };

  beforeAll(async () => {
    server = await startTestServer(backend, { seed: true, now: '2024-08-10T12:00:00Z' });
    const free = { prizeModel: 'free' as const, entryFeePence: 0, prizePence: 2500, startRound: 2 };
    ids.free = (await aCompetition(server, { ...free, name: 'Free Survivor' })).id;
    ids.paid = (await aCompetition(server, { name: 'Paid Pot' })).id;
    ids.draft = (await aCompetition(server, { ...free, name: 'Secret Draft', status: 'draft' })).id;
    ids.cancelled = (await aCompetition(server, { ...free, name: 'Called Off', status: 'cancelled' })).id;
    player = await signedIn(server, 'player1@redlion.test');
    admin = await signedIn(server, 'admin@redlion.test');
    expect((await player.post(`/api/competitions/${ids.free}/entries`)).status).toBe(201);
  });
  afterAll(() => server?.close());

  it('gives a player every open, running and finished competition with their own entries', async () => {
    const res = await player.get('/api/game');
    expect(res.status).toBe(200);
    const shown = res.json.competitions.map((d: Json) => d.competition.id);
    expect(shown).toEqual(expect.arrayContaining([ids.free, ids.paid]));
    expect(shown).not.toContain(ids.draft);
    expect(shown).not.toContain(ids.cancelled);

    // The same details the per-competition endpoint gives, so the screen can seed that cache.
    const free = res.json.competitions.find((d: Json) => d.competition.id === ids.free);
    expect(free.myEntries).toHaveLength(1);
    expect(free.competition).toMatchObject({ name: 'Free Survivor', myEntries: 1, entriesTotal: 1 });
    expect(free).toEqual((await player.get(`/api/competitions/${ids.free}`)).json);

    // Every competition of the list that the screen shows, and no other.
    const list = (await player.get('/api/competitions')).json.competitions as Json[];
    const listed = list
      .filter((c) => ['open', 'running', 'finished'].includes(c.status))
      .map((c) => c.id)
      .sort();
    expect([...shown].sort()).toEqual(listed);
  });

  it("shows an admin no drafts here (they live in the admin area), and another club's admin nothing", async () => {
    const mine = (await admin.get('/api/game')).json.competitions.map((d: Json) => d.competition.id);
    expect(mine).toContain(ids.free);
    expect(mine).not.toContain(ids.draft);

    const other = await otherClubAdmin(server, 'Kim Kings', 'kim@kings-arms.test');
    const theirs = await other.get('/api/game');
    expect(theirs.status).toBe(200);
    expect(theirs.json).toEqual({ competitions: [] });
  });

  it('refuses a visitor who is not signed in', async () => {
    const res = await server.client().get('/api/game');
    expect(res.status).toBe(401);
    expect(res.json.error.code).toBe('UNAUTHENTICATED');
  });
});
