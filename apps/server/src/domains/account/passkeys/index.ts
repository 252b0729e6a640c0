// What the sign-in endpoints (auth/) use of passkeys.
export { signInOptions, userForPasskey } from './service.ts';
