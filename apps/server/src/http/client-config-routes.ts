import { ClientConfig } from '@lastman/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const clientConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/config',
    { schema: { tags: ['system'], response: { 200: ClientConfig } }, config: { access: 'public' } },
    async () => ({
      appName: 'Lastman',
      expectedVersionCode: app.services.config.EXPECTED_APP_VERSION_CODE,
      iosAppStoreUrl: app.services.config.IOS_APP_STORE_URL,
      androidPlayStoreUrl: app.services.config.ANDROID_PLAY_STORE_URL,
      testPayments: app.services.payments.kind === 'test',
      stripePublishableKey: app.services.config.STRIPE_PUBLISHABLE_KEY ?? null,
    }),
  );
};
