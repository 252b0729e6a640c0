import {
  InvitationCreate,
  InvitationCreated,
  InvitationIdParams,
  Member,
  MemberList,
  MemberQuery,
  MemberRoleUpdate,
  PendingInvitationList,
  UserIdParams,
} from '@lastman/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { viewerOf } from '../../../http/access.ts';
import { refusals } from '../../../http/openapi-errors.ts';
import {
  invitationRecipient,
  invitationSentTo,
  pendingInvitations,
  resendInvitation,
  revokeInvitation,
} from '../invitations.ts';
import { changeRole, invite, membersOf, removeFromClub } from './service.ts';

export const memberRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];

  app.get(
    '/api/admin/members',
    {
      schema: { tags, querystring: MemberQuery, response: { 200: MemberList } },
      config: { access: 'admin' },
    },
    async (request) => ({
      members: await membersOf(app.services, viewerOf(request), { search: request.query.search }),
    }),
  );

  app.patch(
    '/api/admin/members/:userId',
    {
      schema: {
        tags,
        params: UserIdParams,
        body: MemberRoleUpdate,
        response: { 200: Member, ...refusals(404, 409) },
      },
      config: { access: 'admin' },
    },
    async (request) =>
      changeRole(app.services, viewerOf(request), { userId: request.params.userId, role: request.body.role }),
  );

  // Tenants: remove a member, invite by link.
  app.delete(
    '/api/admin/members/:userId',
    {
      schema: {
        tags,
        summary: 'Remove a member from the club (their entries and orders stay)',
        params: UserIdParams,
        response: { 204: z.null(), ...refusals(404, 409) },
      },
      config: { access: 'admin' },
    },
    async (request, reply) => {
      await removeFromClub(app.services, viewerOf(request), { userId: request.params.userId });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/admin/invitations',
    {
      schema: {
        tags,
        summary:
          'A single-use invitation link that expires, making whoever opens it a member with the role: given back to share, or sent to an email address or a phone number',
        body: InvitationCreate,
        response: { 201: InvitationCreated, ...refusals(429) },
      },
      config: { access: 'admin' },
      // Sending is limited per club and per recipient (http/rate-limits.ts); a link to share is not sent.
      preHandler: async (request, reply) => {
        const { sentTo } = invitationRecipient(request.body, app.services.config.PHONE_DEFAULT_COUNTRY);
        if (sentTo) await app.services.limits.beforeInvitationSend(request, reply, sentTo);
      },
    },
    async (request, reply) =>
      reply.status(201).send(await invite(app.services, viewerOf(request), request.body)),
  );

  app.get(
    '/api/admin/invitations',
    {
      schema: {
        tags,
        summary: "The club's invitations waiting to be accepted (not accepted, withdrawn or expired)",
        response: { 200: PendingInvitationList },
      },
      config: { access: 'admin' },
    },
    async (request) => pendingInvitations(app.services, viewerOf(request)),
  );

  app.post(
    '/api/admin/invitations/:id/resend',
    {
      schema: {
        tags,
        summary:
          'Send an invitation again, with a new link (the one sent before stops working) and a new expiry',
        params: InvitationIdParams,
        response: { 200: InvitationCreated, ...refusals(404, 409, 429) },
      },
      config: { access: 'admin' },
      preHandler: async (request, reply) => {
        const sentTo = await invitationSentTo(app.services.db, {
          clubId: viewerOf(request).clubId,
          id: request.params.id,
        });
        if (sentTo) await app.services.limits.beforeInvitationSend(request, reply, sentTo);
      },
    },
    async (request) => resendInvitation(app.services, viewerOf(request), request.params),
  );

  app.delete(
    '/api/admin/invitations/:id',
    {
      schema: {
        tags,
        summary: 'Withdraw an invitation: its link stops working and says so',
        params: InvitationIdParams,
        response: { 204: z.null(), ...refusals(404, 409) },
      },
      config: { access: 'admin' },
    },
    async (request, reply) => {
      await revokeInvitation(app.services, viewerOf(request), request.params);
      return reply.status(204).send(null);
    },
  );
};
