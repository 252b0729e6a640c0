import { type AccessRows, at, fakeCredential, nextSignUp, png } from '../support/access-matrix.ts';

/**
 * The access matrix's rows of this domain's routes. Signing in (passwords, passkeys, phone codes) and
 * a person's own account. Assembled with every other domain's rows by test/platform/access-
 * matrix.test.ts.
 */
export const accountAccess: AccessRows = (w) => ({
  // better-auth.
  'GET /api/auth/*': { call: at('/api/auth/list-sessions') },
  'POST /api/auth/*': { call: at('/api/auth/update-user', {}), refused: 'an update with nothing in it' },
  'POST /api/auth/sign-up/email': {
    call: () => ({
      path: '/api/auth/sign-up/email',
      body: {
        name: 'Matrix Newcomer',
        email: `matrix-newcomer-${nextSignUp()}@newcomers.test`,
        password: 'newcomer-password',
        dateOfBirth: '1990-05-05',
      },
    }),
  },
  'POST /api/auth/sign-in/email': {
    call: at('/api/auth/sign-in/email', { email: 'nobody@newcomers.test', password: 'not-the-password' }),
    refused: 'no such account',
  },
  'POST /api/auth/sign-out': { call: at('/api/auth/sign-out', {}), ownSession: true },
  'GET /api/auth/get-session': { call: at('/api/auth/get-session') },
  'POST /api/auth/request-password-reset': {
    call: at('/api/auth/request-password-reset', { email: 'nobody@newcomers.test' }),
  },
  'POST /api/auth/reset-password': {
    call: at('/api/auth/reset-password', { token: 'not-a-token', newPassword: 'a-new-password' }),
    refused: 'not a real token',
  },
  'POST /api/auth/change-password': {
    call: at('/api/auth/change-password', {
      currentPassword: 'not-the-password',
      newPassword: 'a-new-password',
    }),
    refused: 'the wrong current password, so that no caller loses theirs',
  },
  'GET /api/auth/verify-email': {
    call: at('/api/auth/verify-email?token=not-a-token'),
    refused: 'not a real token',
  },
  // The signed-in person's own account.
  'GET /api/me': { call: at('/api/me') },
  'PATCH /api/me': { call: at('/api/me', { phoneNumber: null }) },
  'DELETE /api/me': {
    call: at('/api/me', { password: 'not-the-password' }),
    refused: 'the wrong password, so that no caller loses their account',
  },
  'GET /api/me/export': { call: at('/api/me/export') },
  'PUT /api/me/photo': { call: () => ({ path: '/api/me/photo', body: png, contentType: 'image/png' }) },
  'DELETE /api/me/photo': { call: at('/api/me/photo') },
  'GET /api/users/:id/photo': { call: at(`/api/users/${w.photoOwner}/photo`) },
  // Passkeys and phone codes.
  'GET /api/me/passkeys': { call: at('/api/me/passkeys') },
  'POST /api/me/passkey-options': { call: at('/api/me/passkey-options') },
  'POST /api/me/passkeys': {
    call: at('/api/me/passkeys', { challengeId: crypto.randomUUID(), response: fakeCredential }),
    refused: 'no ceremony was started with that challenge',
  },
  'DELETE /api/me/passkeys/:id': {
    call: at(`/api/me/passkeys/${crypto.randomUUID()}`),
    firstClub: false,
    refused: 'no such passkey: each person sees and removes only their own (passkeys are per user)',
  },
  'POST /api/me/phone/code': { call: at('/api/me/phone/code', { phoneNumber: '07700 900777' }) },
  'POST /api/me/phone/verify': {
    call: at('/api/me/phone/verify', { phoneNumber: '07700 900777', code: '000000' }),
    refused: 'not the code sent (phone-codes.test.ts signs in with the right one)',
  },
  'GET /api/admin/sms-outbox': { call: at('/api/admin/sms-outbox') },
  'POST /api/auth/sign-in/passkey/options': { call: at('/api/auth/sign-in/passkey/options') },
  'POST /api/auth/sign-in/passkey': {
    call: at('/api/auth/sign-in/passkey', {
      challengeId: crypto.randomUUID(),
      response: {
        ...fakeCredential,
        response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' },
      },
    }),
    refused: 'no ceremony was started with that challenge (e2e/passkeys.spec.ts signs in for real)',
  },
  'POST /api/auth/sign-in/phone/send-code': {
    call: at('/api/auth/sign-in/phone/send-code', { phoneNumber: '07700 900778' }),
  },
  'POST /api/auth/sign-in/phone': {
    call: at('/api/auth/sign-in/phone', { phoneNumber: '07700 900778', code: '000000' }),
    refused: 'no account has confirmed the number (phone-codes.test.ts signs in for real)',
  },
});
