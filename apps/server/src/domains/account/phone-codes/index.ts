// What the sign-in endpoints (auth/) use of phone codes.
export { ownerOfNumber, sendSignInCode, userForSignInCode } from './service.ts';
