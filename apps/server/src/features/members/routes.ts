import {
  InvitationCreate,
  InvitationCreated,
  Member,
  MemberList,
  MemberQuery,
  MemberRoleUpdate,
  UserIdParams,
} from '@lastman/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { viewerOf } from '../../http/access.ts';
import { refusals } from '../../http/openapi-errors.ts';
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
        summary: 'A single-use invitation link that expires, making whoever opens it a member with the role',
        body: InvitationCreate,
        response: { 201: InvitationCreated },
      },
      config: { access: 'admin' },
    },
    async (request, reply) =>
      reply.status(201).send(await invite(app.services, viewerOf(request), { role: request.body.role })),
  );
};
