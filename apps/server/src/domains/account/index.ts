// The account domain as other domains see it: they import from here, never its other files.

export * from './passkeys/index.ts';
export * from './phone-codes/index.ts';
export { accountDomain } from './plugin.ts';
export * from './profile/index.ts';
