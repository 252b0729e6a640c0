// Staff (the rota): its tables live in the staff domain, by part.
export * from '../../domains/staff/schema.ts';
export * from './accounts.ts';
export * from './clubs.ts';
export * from './contact.ts';
// Events.
export * from './events.ts';
export * from './football.ts';
// Gallery.
export * from './gallery.ts';
export * from './game.ts';
export * from './mail.ts';
// Tenants: memberships and invitations.
export * from './memberships.ts';
// Menu.
export * from './menu.ts';
// Notifications.
export * from './notifications.ts';
// Passkeys and phone codes.
export * from './passkeys.ts';
export * from './payments.ts';
export * from './payouts.ts';
export * from './phone-codes.ts';
export * from './photos.ts';
// Stripe Connect: each club's own Stripe account
export * from './stripe-accounts.ts';
