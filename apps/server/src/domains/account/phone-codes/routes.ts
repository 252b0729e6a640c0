import { PhoneCodeCheck, PhoneCodeRequest, PhoneCodeSent, PhoneVerified, SmsOutboxList } from '@lastman/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { viewerOf } from '../../../http/access.ts';
import { refusals } from '../../../http/openapi-errors.ts';
import { clubSmsOutbox, confirmVerifyCode, sendVerifyCode } from './service.ts';

/** Confirming the signed-in user's number; signing in with a code is in auth/ (it makes a session). */
export const phoneCodeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { limits } = app.services;

  app.post(
    '/api/me/phone/code',
    {
      schema: {
        tags: ['me'],
        summary: 'Texts a 6-digit code to confirm this number as yours (valid 10 minutes)',
        body: PhoneCodeRequest,
        response: { 200: PhoneCodeSent, ...refusals(409) },
      },
      config: { access: 'user' },
      preHandler: (request, reply) => limits.beforePhoneCode(request, reply, 'confirm'),
    },
    async (request) => sendVerifyCode(app.services, viewerOf(request), request.body),
  );

  app.post(
    '/api/me/phone/verify',
    {
      schema: {
        tags: ['me'],
        summary: 'Confirms the number with the code texted to it; 5 wrong codes lock the code',
        body: PhoneCodeCheck,
        response: { 200: PhoneVerified, ...refusals(409) },
      },
      config: { access: 'user' },
      preHandler: (request, reply) => limits.beforePhoneCode(request, reply, 'check'),
    },
    async (request) => confirmVerifyCode(app.services, viewerOf(request), request.body),
  );

  app.get(
    '/api/admin/sms-outbox',
    {
      schema: {
        tags: ['admin'],
        summary: "The club's latest text messages (codes hidden)",
        response: { 200: SmsOutboxList },
      },
      config: { access: 'admin' },
    },
    async (request) => ({ messages: await clubSmsOutbox(app.services, viewerOf(request)) }),
  );
};
