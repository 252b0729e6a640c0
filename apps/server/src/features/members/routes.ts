import { Member, MemberList, MemberRoleUpdate, UserIdParams } from '@lastman/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireRole } from '../../auth/guards.ts';
import { refusals } from '../../http/openapi-errors.ts';
import { changeRole, membersOf } from './service.ts';

export const memberRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];

  app.get('/api/admin/members', { schema: { tags, response: { 200: MemberList } } }, async (request) => {
    const admin = await requireRole(request, 'admin');
    return { members: await membersOf(app.services.db, admin) };
  });

  app.patch(
    '/api/admin/members/:userId',
    {
      schema: {
        tags,
        params: UserIdParams,
        body: MemberRoleUpdate,
        response: { 200: Member, ...refusals(409) },
      },
    },
    async (request) => {
      const admin = await requireRole(request, 'admin');
      return changeRole(app.services.db, admin, request.params.userId, request.body.role);
    },
  );
};
