export * from './accounts.ts';
export * from './clubs.ts';
export * from './contact.ts';
// Events (issue 12).
export * from './events.ts';
export * from './football.ts';
// Gallery.
export * from './gallery.ts';
export * from './game.ts';
export * from './mail.ts';
// Tenants: memberships and invitations.
export * from './memberships.ts';
// Menu (issue 12).
export * from './menu.ts';
// notifications (issue 11)
export * from './notifications.ts';
// Passkeys and phone codes (issue 11: bio-auth, web-otp-page).
export * from './passkeys.ts';
export * from './payments.ts';
export * from './payouts.ts';
export * from './phone-codes.ts';
export * from './photos.ts';
// rota
export * from './rota.ts';
export * from './rota-extras.ts';
// Stripe Connect: each club's own Stripe account
export * from './stripe-accounts.ts';
