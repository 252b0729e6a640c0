import type { competitions } from '../../src/db/schema/game.ts';
import { aCompetition } from './factories.ts';
import type { TestServer } from './test-server.ts';

export { setDateOfBirth } from './factories.ts';

/** An open paid competition of the demo club on the seeded 2024-25 season. */
export async function openCompetition(
  server: TestServer,
  values: Partial<typeof competitions.$inferInsert> = {},
): Promise<typeof competitions.$inferSelect> {
  return aCompetition(server, values);
}
