export * from './passkeys.ts';
export * from './phone-codes.ts';
export * from './profile.ts';
export * from './rules.ts';
export * from './sign-in.ts';
