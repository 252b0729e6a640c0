export * from './admin-entries.ts';
// Analytics.
export * from './analytics.ts';
export * from './auth.ts';
export * from './client-config.ts';
export * from './clubs.ts';
export * from './common.ts';
// Stripe Connect: the club's own Stripe account
export * from './connect.ts';
export * from './contact.ts';
export * from './corrections.ts';
// Events.
export * from './events.ts';
// Gallery.
export * from './gallery.ts';
export * from './game.ts';
export * from './game-screen.ts';
export * from './me.ts';
export * from './members.ts';
// Menu.
export * from './menu.ts';
// Notifications.
export * from './notifications.ts';
// Passkeys and phone codes.
export * from './passkeys.ts';
export * from './payments.ts';
export * from './payouts.ts';
export * from './phone-codes.ts';
// rota
export * from './rota.ts';
export * from './rota-extras.ts';
export * from './rules.ts';
// Timesheets.
export * from './timesheets.ts';
