export * from './accounts.ts';
export * from './clubs.ts';
export * from './contact.ts';
export * from './football.ts';
export * from './game.ts';
export * from './mail.ts';
// Passkeys and phone codes (issue 11: bio-auth, web-otp-page).
export * from './passkeys.ts';
export * from './payments.ts';
export * from './payouts.ts';
export * from './phone-codes.ts';
export * from './photos.ts';
