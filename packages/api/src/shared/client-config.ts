import { z } from 'zod';

export const ClientConfig = z
  .object({
    appName: z.string(),
    expectedVersionCode: z.number().int(),
    /** The app's App Store page, opened by the update prompt on iOS. */
    iosAppStoreUrl: z.url(),
    /** The app's Play Store page, opened by the update prompt on Android. */
    androidPlayStoreUrl: z.url(),
    testPayments: z.boolean(),
    stripePublishableKey: z.string().nullable(),
  })
  .meta({ id: 'ClientConfig' });
export type ClientConfig = z.infer<typeof ClientConfig>;

export const Health = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.object({ kind: z.enum(['pglite', 'postgres']), ok: z.boolean() }),
});
