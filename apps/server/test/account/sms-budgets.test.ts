import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smsOutbox } from '../../src/db/schema/index.ts';
import type { HttpClient } from '../support/http-client.ts';
import { oneBackend, startTestServer, type TestServer } from '../support/test-server.ts';
import { aClub, aMember } from '../support/world.ts';

/**
 * Texts cost the deployment money: each account, each club and the deployment have a day's budget,
 * and texts go to the countries the deployment names. Small budgets here, to reach each.
 */
describe.each(oneBackend())('the budgets of texts on %s', (backend) => {
  let server: TestServer;
  let pat: HttpClient;
  let jo: HttpClient;
  let kim: HttpClient;

  const code = (client: HttpClient, phoneNumber: string) =>
    client.post('/api/me/phone/code', { phoneNumber });
  const sentTo = async (to: string) =>
    (await server.db.select().from(smsOutbox).where(eq(smsOutbox.to, to))).map((r) => r.transport);

  beforeAll(async () => {
    server = await startTestServer(backend, {
      now: '2026-11-23T12:00:00Z',
      captureLog: true,
      env: {
        SMS_PER_ACCOUNT_PER_DAY: '2',
        SMS_PER_CLUB_PER_DAY: '3',
        SMS_PER_DAY: '4',
        SMS_COUNTRIES: 'GB,FR',
      },
    });
    const home = await aClub(server, { slug: 'the-bell', name: 'The Bell' });
    const away = await aClub(server);
    pat = (await aMember(server, { club: home, email: 'pat@bell.test' })).client;
    jo = (await aMember(server, { club: home, email: 'jo@bell.test' })).client;
    kim = (await aMember(server, { club: away, email: 'kim@kings.test' })).client;
  }, 120_000);
  afterAll(() => server?.close());

  it("refuses past the account's, then the club's, then the deployment's budget, each in words", async () => {
    expect((await code(pat, '07700 900001')).status).toBe(200);
    expect((await code(pat, '07700 900002')).status).toBe(200);
    const third = await code(pat, '07700 900003');
    expect(third.status).toBe(429);
    expect(third.json.error.message).toBe(
      'You have been sent as many texts as one account may in a day. Try again tomorrow.',
    );

    expect((await code(jo, '07700 900004')).status).toBe(200);
    const clubOver = await code(jo, '07700 900005');
    expect(clubOver.status).toBe(429);
    expect(clubOver.json.error.message).toMatch(/^The club has sent as many texts as it may in a day/);

    // Another club: a French number, its country opted in (SMS_COUNTRIES=GB,FR).
    expect((await code(kim, '+33 6 12 34 56 78')).status).toBe(200);
    const deploymentOver = await code(kim, '07700 900006');
    expect(deploymentOver.status).toBe(429);
    expect(deploymentOver.json.error.message).toMatch(
      /^The server has sent as many texts as it may in a day/,
    );

    // Four went; each refusal is kept, not sent, and spent nothing.
    expect(await sentTo('+447700900003')).toEqual(['refused']);
    expect(await sentTo('+447700900005')).toEqual(['refused']);
    expect(await sentTo('+33612345678')).toEqual(['outbox']);
    const rows = await server.db.select().from(smsOutbox);
    expect(rows.filter((r) => r.transport === 'outbox')).toHaveLength(4);
    expect(rows.filter((r) => r.transport === 'refused')).toHaveLength(3);
  });

  it('a country not opted in is refused, and the operator sees each refusal in the log with the count', async () => {
    const res = await code(kim, '+1 202 555 0143');
    expect(res.status).toBe(400);
    expect(res.json.error.message).toBe('Texts go to numbers in GB, FR only on this server.');
    const refusals = server.log().filter((l) => l.msg.startsWith('SMS refused'));
    expect(refusals.map((l) => [l.reason, l.refusedToday])).toEqual([
      ['account', 1],
      ['club', 2],
      ['deployment', 3],
      ['country', 4],
    ]);
    // The log names no number whole.
    expect(JSON.stringify(refusals)).not.toContain('2025550143');
  });
});
