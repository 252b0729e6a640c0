import type { PersonalExportPart } from '../../lib/registries.ts';
import { entriesOfUser } from './entries/queries.ts';
import { picksOfUser } from './picks/queries.ts';

/** The person's entries and picks. */
export const gamePersonalExport: PersonalExportPart = async (db, at) => {
  const [entries, picks] = await Promise.all([entriesOfUser(db, at), picksOfUser(db, at)]);
  return {
    entries: entries.map(({ entry, competitionName }) => ({
      id: entry.id,
      competitionId: entry.competitionId,
      competitionName,
      status: entry.status,
      eliminatedRound: entry.eliminatedRound,
      orderId: entry.orderId,
      createdAt: entry.createdAt,
    })),
    picks: picks.map(({ pick, teamName }) => ({
      entryId: pick.entryId,
      competitionId: pick.competitionId,
      round: pick.round,
      teamId: pick.teamId,
      teamName,
      auto: pick.auto,
      outcome: pick.outcome,
      createdAt: pick.createdAt,
    })),
  };
};
