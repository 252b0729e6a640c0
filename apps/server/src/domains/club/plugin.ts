import type { FastifyPluginAsync } from 'fastify';
import type { AccountDeletionPart } from '../../lib/registries.ts';
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
 * The club domain: the club and its settings, its members and invitations, and messages to the club;
 * its messages in the club's export, and what it removes of a deleted account.
 */
export const clubDomain: FastifyPluginAsync = async (app) => {
  const { registries } = app.services;
  registries.clubExport.register('club', contactClubExport);
  registries.personalExport.register('club', clubPersonalExport);
  registries.accountDeletion.register('club', clubAccountDeletion);
  await app.register(clubRoutes);
  await app.register(memberRoutes);
  await app.register(contactRoutes);
};
