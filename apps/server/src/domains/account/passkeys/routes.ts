import { Id, Passkey, PasskeyList, PasskeyRegistration, PasskeyRegistrationOptions } from '@lastman/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { personOf } from '../../../http/access.ts';
import { refusals } from '../../../http/openapi-errors.ts';
import { listPasskeys, registerPasskey, registrationOptions, removePasskey } from './service.ts';

/** The signed-in user's passkeys; signing in with one is in auth/ (it makes a session). */
export const passkeyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/me/passkeys',
    {
      schema: { tags: ['me'], summary: 'Your passkeys', response: { 200: PasskeyList } },
      config: { access: 'user' },
    },
    async (request) => ({ passkeys: await listPasskeys(app.services, personOf(request)) }),
  );

  app.post(
    '/api/me/passkey-options',
    {
      schema: {
        tags: ['me'],
        summary: 'Starts registering a passkey: the options for navigator.credentials.create',
        response: { 200: PasskeyRegistrationOptions },
      },
      config: { access: 'user' },
    },
    async (request) => registrationOptions(app.services, personOf(request)),
  );

  app.post(
    '/api/me/passkeys',
    {
      schema: {
        tags: ['me'],
        summary: "Registers the passkey the browser made with the options' challenge",
        body: PasskeyRegistration,
        response: { 201: Passkey, ...refusals(409) },
      },
      config: { access: 'user' },
    },
    async (request, reply) => {
      const passkey = await registerPasskey(
        app.services,
        personOf(request),
        request.body,
        request.headers['user-agent'],
      );
      return reply.status(201).send(passkey);
    },
  );

  app.delete(
    '/api/me/passkeys/:id',
    {
      schema: {
        tags: ['me'],
        summary: 'Removes one of your passkeys',
        params: z.object({ id: Id }),
        response: { 204: z.null(), ...refusals(404) },
      },
      config: { access: 'user' },
    },
    async (request, reply) => {
      await removePasskey(app.services, personOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
