export * from './admin-entries.ts';
// Analytics (issue 13).
export * from './analytics.ts';
export * from './auth.ts';
export * from './client-config.ts';
export * from './clubs.ts';
export * from './common.ts';
// Stripe Connect: the club's own Stripe account
export * from './connect.ts';
export * from './contact.ts';
export * from './corrections.ts';
// Events (issue 12).
export * from './events.ts';
// Gallery.
export * from './gallery.ts';
export * from './game.ts';
export * from './game-screen.ts';
export * from './me.ts';
export * from './members.ts';
// Menu (issue 12).
export * from './menu.ts';
// notifications (issue 11)
export * from './notifications.ts';
// Passkeys and phone codes (issue 11).
export * from './passkeys.ts';
export * from './payments.ts';
export * from './payouts.ts';
export * from './phone-codes.ts';
// rota
export * from './rota.ts';
export * from './rota-extras.ts';
export * from './rules.ts';
// Timesheets (issue 13).
export * from './timesheets.ts';
