import { type AccessRows, at, inOtherClub, png } from '../support/access-matrix.ts';

/**
 * The access matrix's rows of this domain's routes. The club: its settings, members and roles,
 * invitations, the contact form, TV screens. Assembled with every other domain's rows by
 * test/platform/access-matrix.test.ts.
 */
export const clubAccess: AccessRows = (w) => ({
  'GET /api/club': { call: at('/api/club') },
  'POST /api/contact': {
    call: at('/api/contact', {
      name: 'Matrix Visitor',
      email: 'visitor@newcomers.test',
      subject: 'Matrix question',
      message: 'Do you run a competition this season?',
    }),
  },
  // The club's admin.
  'GET /api/admin/members': { call: at('/api/admin/members') },
  'PATCH /api/admin/members/:userId': {
    call: at(`/api/admin/members/${w.memberToChange}`, { role: 'player' }),
  },
  'GET /api/admin/contact-messages': { call: at('/api/admin/contact-messages?status=all') },
  'POST /api/admin/contact-messages/:id/replies': {
    call: at(`/api/admin/contact-messages/${w.contactMessage}/replies`, {
      reply: 'The next one opens in August.',
    }),
  },
  'PATCH /api/admin/contact-messages/:id': {
    call: at(`/api/admin/contact-messages/${w.contactMessage}`, { done: true }),
  },
  // Tenants: clubs, memberships, club settings, members and invitations.
  'POST /api/clubs': {
    call: at('/api/clubs', { name: 'Matrix Taken', slug: 'red-lion' }),
    refused: 'the web address is taken (409), so that no caller ends up acting in a new club',
  },
  'POST /api/me/clubs': {
    call: at('/api/me/clubs', { joinCode: 'NOSUCHCODE' }),
    refused: 'no club has the code, so that no caller changes the club they act in',
  },
  'PUT /api/me/club': {
    // Each caller switches to the club they already act in; the first club's admin tries the other's.
    call: (caller) => ({
      path: '/api/me/club',
      body: { clubId: inOtherClub.has(caller) || caller === 'admin' ? w.otherClubId : w.firstClubId },
    }),
    firstClub: false,
  },
  'DELETE /api/me/clubs/:clubId': {
    call: at(`/api/me/clubs/${crypto.randomUUID()}`),
    refused: 'a club no one belongs to (leaving is tested in tenants.test.ts)',
  },
  'GET /api/invitations/:token': {
    call: at('/api/invitations/not-a-real-invitation-token'),
    refused: 'not a real invitation (a real one is read in tenants.test.ts)',
  },
  'POST /api/invitations/:token/accept': {
    call: at('/api/invitations/not-a-real-invitation-token/accept'),
    refused: 'not a real invitation (accepting is tested in tenants.test.ts)',
  },
  'GET /api/admin/club': { call: at('/api/admin/club') },
  'GET /api/admin/club/setup': { call: at('/api/admin/club/setup') },
  'PATCH /api/admin/club': {
    call: at('/api/admin/club', { joinPolicy: 'link', phone: '01865 000000' }),
  },
  'POST /api/admin/club/join-code': { call: at('/api/admin/club/join-code') },
  'POST /api/admin/club/close': {
    call: at('/api/admin/club/close', { confirmSlug: 'not-the-slug' }),
    refused: 'the wrong confirmation, so that no club closes',
  },
  'GET /api/admin/club/export': { call: at('/api/admin/club/export?format=json') },
  'GET /api/clubs/:slug/logo': {
    call: at('/api/clubs/red-lion/logo'),
    refused: 'found once an admin uploads one (PUT /api/admin/club/logo, later in the table)',
  },
  'PUT /api/admin/club/logo': {
    call: () => ({ path: '/api/admin/club/logo', body: png, contentType: 'image/png' }),
  },
  'DELETE /api/admin/members/:userId': { call: at(`/api/admin/members/${w.memberToRemove}`) },
  'POST /api/admin/invitations': { call: at('/api/admin/invitations', { role: 'staff' }) },
  'GET /api/admin/invitations': { call: at('/api/admin/invitations') },
  'POST /api/admin/invitations/:id/resend': {
    call: at(`/api/admin/invitations/${w.invitationToResend}/resend`),
  },
  'DELETE /api/admin/invitations/:id': { call: at(`/api/admin/invitations/${w.invitationToWithdraw}`) },
});
