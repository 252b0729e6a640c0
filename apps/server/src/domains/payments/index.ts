// The payments domain as other domains see it: they import from here, never its other files.

export * from './orders/index.ts';
export { paymentsDomain } from './plugin.ts';
// Signed by Stripe, not by an XSRF token.
export { WEBHOOK_PATH } from './provider/routes.ts';
export * from './stripe-account/index.ts';
