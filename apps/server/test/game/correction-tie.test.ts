import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seasonId } from '../support/game-helpers.ts';
import type { HttpClient, Json } from '../support/http-client.ts';
import { backends, startTestServer, type TestServer } from '../support/test-server.ts';
import { signedIn } from '../support/world.ts';

/**
 * The latest correction of a result is the result. Two saved at the same instant (the clock frozen,
 * or two admins at once) do not tie: the one saved last is stamped last and wins.
 */
describe.each(backends())('result corrections at the same instant on %s', (backend) => {
  let server: TestServer;
  let admin: HttpClient;
  let fixture: Json;
  const save = (home: number, away: number) =>
    admin.put(`/api/admin/fixtures/${fixture.id}/result`, {
      home,
      away,
      status: 'finished',
    });
  const history = async () =>
    (await admin.get(`/api/admin/fixtures/${fixture.id}/corrections`)).json.corrections as Json[];
  const shown = async () => {
    const round = (await admin.get(`/api/seasons/${await seasonId(server)}/rounds/1`)).json;
    const f = round.fixtures.find((x: Json) => x.id === fixture.id);
    return `${f.homeScore}-${f.awayScore}`;
  };

  beforeAll(async () => {
    server = await startTestServer(backend, { seed: true, now: '2024-08-20T12:00:00Z' });
    admin = await signedIn(server, 'admin@redlion.test');
    const round = (await admin.get(`/api/seasons/${await seasonId(server)}/rounds/1`)).json;
    fixture = round.fixtures[0];
  });
  afterAll(() => server?.close());

  it('one after the other with the clock frozen: the second is stamped later and wins', async () => {
    expect((await save(1, 0)).status).toBe(200);
    expect((await save(2, 2)).status).toBe(200);
    const list = await history();
    expect(list.map((c) => `${c.new.home}-${c.new.away}`)).toEqual(['1-0', '2-2']);
    expect(Date.parse(list[1]?.at)).toBe(Date.parse(list[0]?.at) + 1);
    expect(await shown()).toBe('2-2');
  });

  it('at once: whichever is saved last is last in the history and is the result', async () => {
    const results = await Promise.all([save(3, 1), save(0, 4)]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    const list = await history();
    const times = list.map((c) => Date.parse(c.at));
    expect(new Set(times).size).toBe(times.length);
    const last = list.at(-1) as Json;
    expect(await shown()).toBe(`${last.new.home}-${last.new.away}`);
    // Each correction's "old" is the one saved before it: none was read from under the other.
    expect(last.old).toMatchObject({ home: list.at(-2)?.new.home, away: list.at(-2)?.new.away });
  });
});
