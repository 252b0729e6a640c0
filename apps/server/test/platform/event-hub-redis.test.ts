import { describe, expect, it } from 'vitest';
import { type HubEvent, openEventHub } from '../../src/lib/event-hub.ts';

const REDIS = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Two deployments on one Redis, told apart by its database number (as REDIS_URL's /1, /2). */
describe('live events through Redis', () => {
  it('stay within the Redis database the URL names', async () => {
    const base = new URL(REDIS);
    const on = (db: number) =>
      openEventHub({ redisUrl: `redis://${base.host}/${db}`, keyPrefix: 'lastman-hub-test:' });
    const [one, sameAsOne, two] = await Promise.all([on(1), on(1), on(2)]);
    const heard = { sameAsOne: [] as HubEvent[], two: [] as HubEvent[] };
    sameAsOne.subscribe((e) => heard.sameAsOne.push(e));
    two.subscribe((e) => heard.two.push(e));
    await one.publish({ clubId: null, type: 'results', data: { type: 'results', seasonId: null } });
    const deadline = Date.now() + 5000;
    while (heard.sameAsOne.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    // Heard on its own database (so the other's silence is not the network's slowness).
    expect(heard.sameAsOne).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 200));
    expect(heard.two).toEqual([]);
    await Promise.all([one.close(), sameAsOne.close(), two.close()]);
  });
});
