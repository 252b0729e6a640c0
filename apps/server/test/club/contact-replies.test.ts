import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../src/db/schema/index.ts';
import type { HttpClient, Json } from '../support/http-client.ts';
import { backends, startTestServer, type TestServer } from '../support/test-server.ts';
import { aClub, aMember } from '../support/world.ts';

/**
 * Contact messages answered from Admin: the reply is emailed to the sender (read here from the real
 * SMTP server the test server sends to) and kept on the message with who wrote it and when; a
 * message is marked done and reopened; the list puts open messages first and filters done ones.
 */
describe.each(backends())('contact replies on %s', (backend) => {
  let server: TestServer;
  let admin: HttpClient;
  let player: HttpClient;
  let otherAdmin: HttpClient;
  let adminUserId: string;

  async function writeIn(subject: string, email: string) {
    const visitor = server.client();
    await visitor.prime();
    const res = await visitor.post('/api/contact', {
      name: 'Vera Visitor',
      email,
      subject,
      message: 'Do you run a quiz?\nAnd is there parking?',
      clubSlug: 'the-anchor',
    });
    expect(res.status, res.text).toBe(201);
    return res.json.id as string;
  }

  beforeAll(async () => {
    server = await startTestServer(backend, { now: '2026-11-20T10:00:00Z' });
    const club = await aClub(server, {
      slug: 'the-anchor',
      name: 'The Anchor',
      contactEmail: 'landlord@anchor.test',
    });
    const made = await aMember(server, {
      club,
      role: 'admin',
      email: 'alex@anchor.test',
      name: 'Alex Admin',
    });
    admin = made.client;
    adminUserId = made.userId;
    player = (await aMember(server, { club, email: 'pat@anchor.test', name: 'Pat Player' })).client;
    otherAdmin = (
      await aMember(server, { club: await aClub(server), role: 'admin', email: 'kim@kings.test' })
    ).client;
  }, 120_000);
  afterAll(() => server?.close());

  it('tells the admins where to reply', async () => {
    await writeIn('Where to reply', 'where@visitors.test');
    const [alert] = await server.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, adminUserId), eq(notifications.title, 'New contact message')));
    expect(alert?.body).toBe(
      'Someone has written to the club. Open Admin, then Messages from the contact form: write your reply under the message and it is emailed to them.',
    );
    expect(alert?.link).toBe('/admin');
  });

  it('emails the reply to the sender and keeps it on the message, with who wrote it and when', async () => {
    const id = await writeIn('Quiz night?', 'vera@visitors.test');
    server.clock.set('2026-11-20T11:30:00Z');
    const res = await admin.post(`/api/admin/contact-messages/${id}/replies`, {
      reply: 'Yes: every Thursday at 8pm, and the car park is free.',
    });
    expect(res.status, res.text).toBe(201);
    expect(res.json.message).toMatchObject({
      id,
      status: 'open',
      replies: [
        {
          body: 'Yes: every Thursday at 8pm, and the car park is free.',
          sentByName: 'Alex Admin',
          sentTo: 'vera@visitors.test',
          sentAt: '2026-11-20T11:30:00.000Z',
        },
      ],
    });

    const mail = await server.smtp.waitFor('vera@visitors.test', /^Re: Quiz night\?$/);
    expect(mail.text).toContain('Hello Vera Visitor,');
    expect(mail.text).toContain('Yes: every Thursday at 8pm, and the car park is free.');
    expect(mail.text).toContain('Alex Admin\nThe Anchor');
    expect(mail.text).toContain('> Do you run a quiz?\n> And is there parking?');
    // Answers to the reply go to the club, not to the no-reply sender.
    expect(mail.headers['reply-to']).toContain('landlord@anchor.test');

    const list = await admin.get('/api/admin/contact-messages');
    const listed = list.json.messages.find((m: Json) => m.id === id);
    expect(listed.replies).toHaveLength(1);
    expect(listed.replies[0].sentByName).toBe('Alex Admin');
  });

  it('refuses an empty reply in plain words, and sends nothing', async () => {
    const id = await writeIn('Empty answer', 'empty@visitors.test');
    for (const reply of ['', '   \n ']) {
      const res = await admin.post(`/api/admin/contact-messages/${id}/replies`, { reply });
      expect(res.status).toBe(400);
      expect(res.json.error.message).toBe(
        'Invalid input. reply: is empty: write your answer before sending it',
      );
    }
    const missing = await admin.post(`/api/admin/contact-messages/${crypto.randomUUID()}/replies`, {
      reply: 'Hello',
    });
    expect(missing.status).toBe(404);
    expect(missing.json.error.message).toMatch(/^That message was not found/);
    const message = (await admin.get('/api/admin/contact-messages')).json.messages.find(
      (m: Json) => m.id === id,
    );
    expect(message.replies).toEqual([]);
    expect(server.smtp.received.filter((m) => m.to.includes('empty@visitors.test'))).toEqual([]);
  });

  it('marks a message done and reopens it; open messages come first, done ones by filter', async () => {
    const older = await writeIn('Older, still open', 'older@visitors.test');
    server.clock.set('2026-11-21T09:00:00Z');
    const newer = await writeIn('Newer, dealt with', 'newer@visitors.test');

    const done = await admin.patch(`/api/admin/contact-messages/${newer}`, { done: true });
    expect(done.status, done.text).toBe(200);
    expect(done.json.message).toMatchObject({
      id: newer,
      status: 'done',
      doneAt: '2026-11-21T09:00:00.000Z',
      doneByName: 'Alex Admin',
    });

    const all = (await admin.get('/api/admin/contact-messages')).json;
    const ids = all.messages.map((m: Json) => m.id);
    expect(ids.indexOf(older)).toBeLessThan(ids.indexOf(newer));
    const statuses = all.messages.map((m: Json) => m.status);
    expect(statuses).toEqual([...statuses].sort((a, b) => (a === b ? 0 : a === 'open' ? -1 : 1)));
    expect(all.openCount).toBe(statuses.filter((s: string) => s === 'open').length);

    const doneOnly = (await admin.get('/api/admin/contact-messages?status=done')).json.messages;
    expect(doneOnly.map((m: Json) => m.id)).toEqual([newer]);
    const openOnly = (await admin.get('/api/admin/contact-messages?status=open')).json.messages;
    expect(openOnly.map((m: Json) => m.id)).toContain(older);
    expect(openOnly.map((m: Json) => m.id)).not.toContain(newer);

    const reopened = await admin.patch(`/api/admin/contact-messages/${newer}`, { done: false });
    expect(reopened.json.message).toMatchObject({ status: 'open', doneAt: null, doneByName: null });
    expect(
      (await admin.get('/api/admin/contact-messages?status=done')).json.messages.map((m: Json) => m.id),
    ).not.toContain(newer);

    const bad = await admin.get('/api/admin/contact-messages?status=finished');
    expect(bad.status).toBe(400);
  });

  it("keeps each club's messages to its own admins", async () => {
    const id = await writeIn('Only ours', 'ours@visitors.test');
    expect((await player.post(`/api/admin/contact-messages/${id}/replies`, { reply: 'Hi' })).status).toBe(
      403,
    );
    expect((await player.patch(`/api/admin/contact-messages/${id}`, { done: true })).status).toBe(403);
    const reply = await otherAdmin.post(`/api/admin/contact-messages/${id}/replies`, { reply: 'Hi' });
    expect(reply.status).toBe(404);
    expect((await otherAdmin.patch(`/api/admin/contact-messages/${id}`, { done: true })).status).toBe(404);
    const theirs = (await otherAdmin.get('/api/admin/contact-messages')).json.messages;
    expect(theirs.map((m: Json) => m.id)).not.toContain(id);
    expect(server.smtp.received.filter((m) => m.to.includes('ours@visitors.test'))).toEqual([]);
  });
});
