import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtures, resultCorrections } from '../../src/db/schema/index.ts';
import { dueReminders } from '../../src/domains/game/picks/deadline-reminders.ts';
import { ROUND1_DEADLINE } from '../support/game-helpers.ts';
import { backends, startTestServer, type TestServer } from '../support/test-server.ts';
import { aCompetition } from '../support/world.ts';

const HOUR = 3_600_000;
const deadline = new Date(ROUND1_DEADLINE).getTime();
/** A minute into the 24-hour reminder's window of round 1. */
const now = deadline - 24 * HOUR + 60_000;

/**
 * The due rounds are kept between passes (a season's model and its compiled rounds) while what they
 * are made of holds: a moved kick-off or a club's correction is seen by the next pass.
 */
describe.each(backends())('the rounds reminders are due for, kept between passes, on %s', (backend) => {
  let server: TestServer;
  let compId: string;
  let clubId: string;
  let seasonId: string;
  const mine = async () => (await dueReminders(server.db, now)).filter((d) => d.competitionId === compId);

  beforeAll(async () => {
    server = await startTestServer(backend, { seed: true, now: '2024-08-10T12:00:00Z' });
    const comp = await aCompetition(server, { name: 'Due Cup', startRound: 1, deadlineMinutes: 60 });
    compId = comp.id;
    clubId = comp.clubId;
    seasonId = comp.seasonId;
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  it('sees a moved round, and the round moved back, at the next pass', async () => {
    expect((await mine()).map((d) => [d.round, d.reminder, d.deadline])).toEqual([[1, '24h', deadline]]);
    expect((await mine()).map((d) => d.reminder)).toEqual(['24h']); // from what was kept
    const round1 = and(eq(fixtures.seasonId, seasonId), eq(fixtures.round, 1));
    await server.db
      .update(fixtures)
      .set({ kickoffAt: sql`${fixtures.kickoffAt} + interval '1 day'` })
      .where(round1);
    expect(await mine()).toEqual([]); // 48 hours away now: nothing due
    await server.db
      .update(fixtures)
      .set({ kickoffAt: sql`${fixtures.kickoffAt} - interval '1 day'` })
      .where(round1);
    expect((await mine()).map((d) => d.reminder)).toEqual(['24h']);
  });

  it("sees a club's correction postponing the round's first match", async () => {
    const [first] = await server.db
      .select()
      .from(fixtures)
      .where(and(eq(fixtures.seasonId, seasonId), eq(fixtures.round, 1)))
      .orderBy(fixtures.kickoffAt)
      .limit(1);
    await server.db.insert(resultCorrections).values({
      clubId,
      fixtureId: first?.id as string,
      userId: 'someone',
      oldStatus: 'scheduled',
      newStatus: 'postponed',
      createdAt: new Date(),
    });
    // The deadline is now an hour before the next match, more than 24 hours away.
    const due = await mine();
    expect(due.every((d) => d.deadline > deadline)).toBe(true);
    expect(due.some((d) => d.reminder === '24h')).toBe(false);
  });
});
