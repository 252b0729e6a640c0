import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smsOutbox } from '../../src/db/schema/index.ts';
import type { HttpClient, Json } from '../support/http-client.ts';
import { firstLink } from '../support/smtp.ts';
import { backends, startTestServer, type TestServer } from '../support/test-server.ts';
import { aClub, aMember, confirmEmail, signedUp } from '../support/world.ts';

/**
 * Invitations sent by the server: by email (read from the real SMTP server the test server sends
 * to) or by text message (kept in the SMS outbox, as with no provider configured); the pending list;
 * sending again; withdrawing.
 */
describe.each(backends())('sent invitations on %s', (backend) => {
  let server: TestServer;
  let admin: HttpClient;
  let player: HttpClient;
  let otherAdmin: HttpClient;

  const tokenOf = (url: string) => new URL(url).pathname.split('/').pop() as string;

  async function textsTo(to: string) {
    for (let i = 0; i < 100; i++) {
      const rows = await server.db
        .select()
        .from(smsOutbox)
        .where(eq(smsOutbox.to, to))
        .orderBy(asc(smsOutbox.createdAt));
      if (rows.length > 0) return rows;
      await new Promise((r) => setTimeout(r, 30));
    }
    throw new Error(`no SMS to ${to}`);
  }

  async function pendingIds(client = admin): Promise<string[]> {
    const res = await client.get('/api/admin/invitations');
    expect(res.status, res.text).toBe(200);
    return res.json.invitations.map((i: Json) => i.id);
  }

  function newcomer(email: string) {
    return signedUp(server, {
      name: 'New Person',
      email,
      password: 'club-member-pass',
      dateOfBirth: '1990-01-01',
      startClub: true,
    });
  }

  beforeAll(async () => {
    // Sends dozens of texts from one admin (the per-number limits' test): more than a day's budget.
    server = await startTestServer(backend, {
      now: '2026-11-20T10:00:00Z',
      env: { SMS_PER_ACCOUNT_PER_DAY: '100' },
    });
    const club = await aClub(server, { slug: 'the-anchor', name: 'The Anchor' });
    admin = (await aMember(server, { club, role: 'admin', email: 'alex@anchor.test', name: 'Alex Admin' }))
      .client;
    // Texts go from clubs with a confirmed admin only.
    await confirmEmail(server, 'alex@anchor.test');
    player = (await aMember(server, { club, email: 'pat@anchor.test' })).client;
    otherAdmin = (
      await aMember(server, { club: await aClub(server), role: 'admin', email: 'kim@kings.test' })
    ).client;
  }, 120_000);
  afterAll(() => server?.close());

  it("emails an invitation with the club's name, the role and the link, and lists it as pending", async () => {
    const res = await admin.post('/api/admin/invitations', {
      role: 'staff',
      email: 'New.Barman@Example.com',
    });
    expect(res.status, res.text).toBe(201);
    expect(res.json.invitation).toMatchObject({
      role: 'staff',
      channel: 'email',
      sentTo: 'new.barman@example.com',
      sentAt: '2026-11-20T10:00:00.000Z',
      expiresAt: '2026-11-27T10:00:00.000Z',
      createdByName: 'Alex Admin',
    });
    const mail = await server.smtp.waitFor('new.barman@example.com', /The Anchor invites you/);
    expect(mail.subject).toBe('The Anchor invites you to join as a member of staff');
    expect(mail.text).toContain('Alex Admin invites you to join The Anchor on Lastman as a member of staff.');
    expect(mail.text).toContain('until Friday 27 November, 10:00');
    const link = firstLink(mail);
    expect(link).toBe(res.json.url);
    const view = await server.client().get(`/api/invitations/${tokenOf(link)}`);
    expect(view.json).toMatchObject({ club: { name: 'The Anchor' }, role: 'staff', state: 'open' });
    expect(await pendingIds()).toContain(res.json.invitation.id);
  });

  it('texts an invitation to a phone number, read as E.164', async () => {
    const res = await admin.post('/api/admin/invitations', { role: 'admin', phoneNumber: '07700 900123' });
    expect(res.status, res.text).toBe(201);
    expect(res.json.invitation).toMatchObject({ channel: 'sms', sentTo: '+447700900123', role: 'admin' });
    const [sms] = await textsTo('+447700900123');
    expect(sms?.text).toBe(
      `Lastman: you are invited to join "The Anchor" as an admin. Open this link to accept (it works once, until Friday 27 November): ${res.json.url}`,
    );
    const view = await server.client().get(`/api/invitations/${tokenOf(res.json.url)}`);
    expect(view.json).toMatchObject({ role: 'admin', state: 'open' });
  });

  it('refuses a wrong address or number, or both at once, in plain words', async () => {
    const cases: [Json, RegExp][] = [
      [{ role: 'staff', email: 'not-an-email' }, /email: must be an email address/],
      [{ role: 'staff', phoneNumber: 'call me' }, /phoneNumber: must be a phone number/],
      [{ role: 'staff', phoneNumber: '123456' }, /that is not a phone number we can text/],
      [
        { role: 'staff', email: 'a@b.test', phoneNumber: '07700 900123' },
        /give an email address or a phone number, not both/,
      ],
    ];
    for (const [body, message] of cases) {
      const res = await admin.post('/api/admin/invitations', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.error.message).toMatch(message);
    }
  });

  it('sends again with a new link that replaces the old one and a new expiry', async () => {
    const sent = await admin.post('/api/admin/invitations', { role: 'staff', email: 'again@example.com' });
    const oldLink = sent.json.url as string;
    await server.smtp.waitFor('again@example.com', /invites you/);
    server.clock.set('2026-11-22T09:00:00Z');
    const again = await admin.post(`/api/admin/invitations/${sent.json.invitation.id}/resend`);
    expect(again.status, again.text).toBe(200);
    expect(again.json.invitation).toMatchObject({
      id: sent.json.invitation.id,
      sentAt: '2026-11-22T09:00:00.000Z',
      expiresAt: '2026-11-29T09:00:00.000Z',
    });
    expect(again.json.url).not.toBe(oldLink);
    await expect
      .poll(() => server.smtp.received.filter((m) => m.to.includes('again@example.com')).length)
      .toBe(2);
    const latest = server.smtp.received.filter((m) => m.to.includes('again@example.com')).at(-1);
    expect(latest && firstLink(latest)).toBe(again.json.url);
    expect((await server.client().get(`/api/invitations/${tokenOf(oldLink)}`)).status).toBe(404);
    expect((await server.client().get(`/api/invitations/${tokenOf(again.json.url)}`)).json.state).toBe(
      'open',
    );

    // A link made to share is not the app's to send.
    const shared = await admin.post('/api/admin/invitations', { role: 'player' });
    const refused = await admin.post(`/api/admin/invitations/${shared.json.invitation.id}/resend`);
    expect(refused.status).toBe(409);
    expect(refused.json.error.message).toBe(
      'This invitation is a link to share, not sent by the app: make a new link to share instead.',
    );
  });

  it('withdraws an invitation: its link refuses in plain words, and it leaves the pending list', async () => {
    const sent = await admin.post('/api/admin/invitations', {
      role: 'staff',
      email: 'withdrawn@example.com',
    });
    const id = sent.json.invitation.id as string;
    const token = tokenOf(sent.json.url);
    expect((await admin.delete(`/api/admin/invitations/${id}`)).status).toBe(204);
    expect(await pendingIds()).not.toContain(id);
    expect((await server.client().get(`/api/invitations/${token}`)).json.state).toBe('withdrawn');
    const invitee = await newcomer('withdrawn@example.com');
    const accept = await invitee.post(`/api/invitations/${token}/accept`);
    expect(accept.status).toBe(409);
    expect(accept.json.error.message).toBe(
      'The club has withdrawn this invitation. Ask the club for a new one.',
    );
    const again = await admin.post(`/api/admin/invitations/${id}/resend`);
    expect(again.status).toBe(409);
    expect(again.json.error.message).toBe('This invitation was withdrawn. Send a new one instead.');
    // Withdrawing twice changes nothing.
    expect((await admin.delete(`/api/admin/invitations/${id}`)).status).toBe(204);
  });

  it('keeps accepted and expired invitations off the pending list', async () => {
    const accepted = await admin.post('/api/admin/invitations', {
      role: 'staff',
      email: 'joins@example.com',
    });
    const invitee = await newcomer('joins@example.com');
    expect((await invitee.post(`/api/invitations/${tokenOf(accepted.json.url)}/accept`)).status).toBe(200);
    const expiring = await admin.post('/api/admin/invitations', { role: 'staff', email: 'late@example.com' });
    server.clock.set('2026-11-25T09:00:00Z');
    const still = await admin.post('/api/admin/invitations', {
      role: 'player',
      phoneNumber: '+44 7700 900777',
    });
    expect(await pendingIds()).toEqual(expect.arrayContaining([expiring.json.invitation.id]));
    expect(await pendingIds()).not.toContain(accepted.json.invitation.id);
    const withdrawing = await admin.delete(`/api/admin/invitations/${accepted.json.invitation.id}`);
    expect(withdrawing.status).toBe(409);

    server.clock.set('2026-11-29T09:30:00Z');
    const pending = await pendingIds();
    expect(pending).not.toContain(expiring.json.invitation.id);
    expect(pending).toContain(still.json.invitation.id);
  });

  it("keeps each club's invitations to its own admins", async () => {
    const sent = await admin.post('/api/admin/invitations', { role: 'staff', email: 'ours@example.com' });
    const id = sent.json.invitation.id as string;
    expect(await pendingIds(otherAdmin)).not.toContain(id);
    expect((await otherAdmin.post(`/api/admin/invitations/${id}/resend`)).status).toBe(404);
    expect((await otherAdmin.delete(`/api/admin/invitations/${id}`)).status).toBe(404);
    expect((await player.get('/api/admin/invitations')).status).toBe(403);
    expect((await player.post(`/api/admin/invitations/${id}/resend`)).status).toBe(403);
    expect((await player.delete(`/api/admin/invitations/${id}`)).status).toBe(403);
    expect(await pendingIds()).toContain(id);
  });

  it('limits how often one number is sent an invitation', async () => {
    // The test server multiplies every limit by 20: once a minute becomes 20 a minute.
    const number = '+447700900999';
    const first = await admin.post('/api/admin/invitations', { role: 'staff', phoneNumber: number });
    const id = first.json.invitation.id as string;
    for (let i = 1; i < 20; i++) {
      const res = await admin.post(`/api/admin/invitations/${id}/resend`);
      expect(res.status, res.text).toBe(200);
    }
    const over = await admin.post('/api/admin/invitations', { role: 'staff', phoneNumber: '07700 900999' });
    expect(over.status).toBe(429);
    expect(over.json.error.message).toMatch(/^Too many invitations sent to this address or number\./);
    // Another number is not held up.
    expect(
      (await admin.post('/api/admin/invitations', { role: 'staff', phoneNumber: '07700 900998' })).status,
    ).toBe(201);
  });

  it('texts no invitation from a club none of whose admins has confirmed an email address or number', async () => {
    const res = await otherAdmin.post('/api/admin/invitations', {
      role: 'staff',
      phoneNumber: '07700 900555',
    });
    expect(res.status).toBe(403);
    expect(res.json.error.message).toMatch(
      /^Invitations by text need an admin of the club with a confirmed email/,
    );
    expect(await server.db.select().from(smsOutbox).where(eq(smsOutbox.to, '+447700900555'))).toEqual([]);
    // By email it still goes.
    expect(
      (await otherAdmin.post('/api/admin/invitations', { role: 'staff', email: 'x@kings.test' })).status,
    ).toBe(201);
  });

  it('opens every text with "Lastman:", a club\'s chosen name quoted and no link of its own', async () => {
    const club = await aClub(server, { slug: 'evil', name: 'WIN 500 GBP claim at evil.example/now' });
    const evil = (await aMember(server, { club, role: 'admin', email: 'boss@evil.test' })).client;
    await confirmEmail(server, 'boss@evil.test');
    const res = await evil.post('/api/admin/invitations', { role: 'player', phoneNumber: '07700 900556' });
    expect(res.status, res.text).toBe(201);
    const [sms] = await textsTo('+447700900556');
    expect(sms?.text).toMatch(
      /^Lastman: you are invited to join "WIN 500 GBP claim at evil example now" as a player\./,
    );
    expect(sms?.text).not.toContain('evil.example');
  });

  it('texts UK numbers only, unless the deployment opts another country in; a refusal is kept', async () => {
    const res = await admin.post('/api/admin/invitations', {
      role: 'staff',
      phoneNumber: '+33 6 12 34 56 78',
    });
    expect(res.status).toBe(400);
    expect(res.json.error.message).toBe('Texts go to numbers in GB only on this server.');
    const [kept] = await textsTo('+33612345678');
    expect(kept).toMatchObject({
      transport: 'refused',
      text: 'Not sent: Texts go to numbers in GB only on this server.',
    });
  });
});
