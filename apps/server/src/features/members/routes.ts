import { Member, MemberList, MemberRoleUpdate, UserIdParams } from '@lastman/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { viewerOf } from '../../http/access.ts';
import { refusals } from '../../http/openapi-errors.ts';
import { changeRole, membersOf } from './service.ts';

export const memberRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];

  app.get(
    '/api/admin/members',
    { schema: { tags, response: { 200: MemberList } }, config: { access: 'admin' } },
    async (request) => ({ members: await membersOf(app.services, viewerOf(request)) }),
  );

  app.patch(
    '/api/admin/members/:userId',
    {
      schema: {
        tags,
        params: UserIdParams,
        body: MemberRoleUpdate,
        response: { 200: Member, ...refusals(409) },
      },
      config: { access: 'admin' },
    },
    async (request) =>
      changeRole(app.services, viewerOf(request), { userId: request.params.userId, role: request.body.role }),
  );
};
