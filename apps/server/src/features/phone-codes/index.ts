// What the sign-in endpoints (auth/) use of phone codes.
export { sendSignInCode, userForSignInCode } from './service.ts';
