export * from './accounts.ts';
export * from './clubs.ts';
export * from './contact.ts';
export * from './football.ts';
export * from './game.ts';
export * from './mail.ts';
export * from './payments.ts';
export * from './payouts.ts';
export * from './photos.ts';
// Stripe Connect: each club's own Stripe account
export * from './stripe-accounts.ts';
