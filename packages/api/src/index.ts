export * from './auth.ts';
export * from './client-config.ts';
export * from './clubs.ts';
export * from './common.ts';
export * from './contact.ts';
export * from './corrections.ts';
export * from './game.ts';
export * from './game-screen.ts';
export * from './me.ts';
export * from './members.ts';
// Passkeys and phone codes (issue 11).
export * from './passkeys.ts';
export * from './payments.ts';
export * from './payouts.ts';
export * from './phone-codes.ts';
export * from './rules.ts';
