import type { FastifyPluginAsync } from 'fastify';
import {
  type AccountDeletionPart,
  registerAccountDeletionPart,
  registerClubExportPart,
  registerPersonalExportPart,
} from '../../lib/domain-parts.ts';
import { scrubContactMessagesOf } from './contact/queries.ts';
import { contactRoutes } from './contact/routes.ts';
import { contactClubExport } from './export.ts';
import { memberRoutes } from './members/routes.ts';
import { clubPersonalExport } from './personal-export.ts';
import { deleteMembershipsOf } from './queries.ts';
import { clubRoutes } from './routes.ts';

/** A deleted account: the person's name off the messages to the club, and out of every club. */
const clubAccountDeletion: AccountDeletionPart = async (tx, { userId }) => {
  await scrubContactMessagesOf(tx, userId);
  await deleteMembershipsOf(tx, userId);
};

/**
 * The club's parts beyond its routes: its messages in its export, and what it removes of a deleted
 * account. Idempotent: each app built in a process calls it.
 */
export function registerClubParts(): void {
  registerClubExportPart('club', contactClubExport);
  registerPersonalExportPart('club', clubPersonalExport);
  registerAccountDeletionPart('club', clubAccountDeletion);
}

/** The club domain: the club and its settings, its members and invitations, and messages to the club. */
export const clubDomain: FastifyPluginAsync = async (app) => {
  registerClubParts();
  await app.register(clubRoutes);
  await app.register(memberRoutes);
  await app.register(contactRoutes);
};
