import type { FastifyPluginAsync } from 'fastify';
import { passkeyRoutes } from './passkeys/routes.ts';
import { phoneCodeRoutes } from './phone-codes/routes.ts';
import { meRoutes } from './profile/routes.ts';
import { authRoutes } from './sign-in/routes.ts';

/** The account domain: sign-in (better-auth's endpoints), the person's profile, passkeys and phone codes. */
export const accountDomain: FastifyPluginAsync = async (app) => {
  await app.register(authRoutes);
  await app.register(meRoutes);
  await app.register(passkeyRoutes);
  await app.register(phoneCodeRoutes);
};
