import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushDevices } from '../../src/db/schema/index.ts';
import type { HttpClient, Json } from '../support/http-client.ts';
import { type PushService, startPushService } from '../support/push-service.ts';
import { backends, startTestServer, type TestServer } from '../support/test-server.ts';
import { otherClubAdmin, setRole, signedIn } from '../support/world.ts';

/**
 * The notification list, the preference centre, admin broadcasts and Web Push to a real (local) push
 * service that decrypts every payload with the subscription's keys; email with one-click unsubscribe.
 */
describe.each(backends())('notifications on %s', (backend) => {
  let server: TestServer;
  let push: PushService;
  let admin: HttpClient;
  let player: HttpClient;
  let staff: HttpClient;
  let otherAdmin: HttpClient;

  /** A broadcast a second after the last, so the list's newest-first order is certain. */
  const broadcast = (c: HttpClient, body: unknown) => {
    server.clock.advance(1000);
    return c.post('/api/admin/broadcasts', body);
  };
  const prefs = (c: HttpClient) => c.get('/api/me/notification-preferences');
  const setPrefs = (c: HttpClient, body: unknown) => c.put('/api/me/notification-preferences', body);

  beforeAll(async () => {
    push = await startPushService();
    // 23:30 in London (BST) on 10 August 2024: inside the default 22:00-07:00 quiet hours, when on.
    server = await startTestServer(backend, {
      seed: true,
      now: '2024-08-10T22:30:00Z',
      env: { PUSH_SERVICE_HOSTS: push.host },
    });
    admin = await signedIn(server, 'admin@redlion.test');
    player = await signedIn(server, 'player1@redlion.test');
    staff = await signedIn(server, 'player2@redlion.test');
    await setRole(server, { email: 'player2@redlion.test', role: 'staff' });
    staff = await signedIn(server, 'player2@redlion.test');
    otherAdmin = await otherClubAdmin(server, 'Kings Admin', 'admin@kingsarms.test');
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    await push?.close();
  });

  it('gives a VAPID key, made once and stored, and refuses subscriptions to unknown push hosts', async () => {
    const a = await server.client().get('/api/push/vapid-public-key');
    expect(a.status).toBe(200);
    expect(a.json.key).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect((await server.client().get('/api/push/vapid-public-key')).json.key).toBe(a.json.key);

    const sub = push.subscribe();
    const elsewhere = await player.post('/api/push/subscriptions', {
      ...sub,
      endpoint: 'https://evil.example.com/push/1',
      id: undefined,
    });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.json.error.message).toMatch(/known browser push service/);
    const internal = await player.post('/api/push/subscriptions', {
      endpoint: 'https://169.254.169.254/latest',
      keys: sub.keys,
    });
    expect(internal.status).toBe(400);
  });

  it('delivers a broadcast by Web Push, encrypted for the subscription, within 5 seconds, and lists it', async () => {
    const sub = push.subscribe();
    const { id, ...json } = sub;
    const saved = await player.post('/api/push/subscriptions', {
      ...json,
      deviceId: 'player-phone-1',
      label: 'Phone',
    });
    expect(saved.status).toBe(201);

    const started = Date.now();
    const res = await broadcast(admin, {
      title: 'Quiz night',
      body: 'Quiz on Thursday at 8pm.',
      audience: 'members',
    });
    expect(res.status).toBe(202);
    expect(res.json.recipients).toBeGreaterThanOrEqual(3);
    await push.waitFor(() => push.for(id).length === 1, 5000);
    const got = push.for(id)[0];
    expect(Date.now() - started).toBeLessThan(5000);
    expect(got?.payload).toMatchObject({
      kind: 'news',
      title: 'Quiz night',
      body: 'Quiz on Thursday at 8pm.',
    });
    expect(got?.vapidKey).toBe((await server.client().get('/api/push/vapid-public-key')).json.key);
    expect(push.errors).toEqual([]);

    const list = await player.get('/api/notifications');
    expect(list.status).toBe(200);
    expect(list.json.unread).toBe(1);
    expect(list.json.notifications[0]).toMatchObject({
      kind: 'news',
      title: 'Quiz night',
      body: 'Quiz on Thursday at 8pm.',
      link: '/notification-list',
      readAt: null,
    });
    expect(Object.keys(list.json.notifications[0]).sort()).toEqual(
      ['body', 'createdAt', 'id', 'kind', 'link', 'readAt', 'title'].sort(),
    );
    // The badge comes with /api/me, which the first screen loads anyway.
    expect((await player.get('/api/me')).json.unreadNotifications).toBe(1);
  });

  it('marks read by id and all read', async () => {
    await broadcast(admin, { title: 'Second', body: 'Another one.', audience: 'members' });
    const list = await player.get('/api/notifications');
    expect(list.json.unread).toBe(2);
    const first = list.json.notifications[0].id;
    const one = await player.post('/api/notifications/read', { ids: [first] });
    expect(one.status).toBe(200);
    expect(one.json.unread).toBe(1);
    const after = await player.get('/api/notifications');
    expect(after.json.notifications.find((n: Json) => n.id === first).readAt).not.toBeNull();
    const all = await player.post('/api/notifications/read', { all: true });
    expect(all.json.unread).toBe(0);
    expect((await player.post('/api/notifications/read', { all: false })).status).toBe(400);
    expect((await player.post('/api/notifications/read', { ids: [] })).status).toBe(400);
  });

  it('sends staff broadcasts to staff and admins only', async () => {
    const before = (await player.get('/api/notifications')).json.notifications.length;
    const res = await broadcast(admin, { title: 'Rota', body: 'Rota changed.', audience: 'staff' });
    expect(res.status).toBe(202);
    expect(res.json.recipients).toBeGreaterThanOrEqual(2);
    expect((await player.get('/api/notifications')).json.notifications.length).toBe(before);
    expect((await staff.get('/api/notifications')).json.notifications[0].title).toBe('Rota');
    expect((await broadcast(player, { title: 'x', body: 'y', audience: 'members' })).status).toBe(403);
    expect((await broadcast(admin, { title: ' ', body: 'y', audience: 'members' })).status).toBe(400);
    expect((await broadcast(admin, { title: 'x', body: 'y', audience: 'all' })).status).toBe(400);
  });

  it('keeps the preference centre per kind and channel, with quiet hours off by default in Europe/London', async () => {
    const p = await prefs(player);
    expect(p.status).toBe(200);
    expect(p.json.timeZone).toBe('Europe/London');
    expect(p.json.quietHours).toEqual({ enabled: false, start: '22:00', end: '07:00' });
    const kinds = p.json.kinds.map((k: Json) => k.kind);
    expect(kinds).toEqual(expect.arrayContaining(['reminders', 'results', 'news']));
    expect(kinds).not.toContain('admin');
    expect(p.json.kinds.find((k: Json) => k.kind === 'news').email).toBe(false);
    expect((await prefs(admin)).json.kinds.map((k: Json) => k.kind)).toContain('admin');

    const bad = await setPrefs(player, { ...p.json, timeZone: 'Mars/Olympus' });
    expect(bad.status).toBe(400);
    const badKind = await setPrefs(player, {
      ...p.json,
      kinds: [{ kind: 'admin', push: true, email: true, inApp: true }],
    });
    expect(badKind.status).toBe(400);
  });

  it('honours quiet hours for a broadcast: listed, but no push in the night', async () => {
    const p = (await prefs(player)).json;
    const saved = await setPrefs(player, {
      ...p,
      quietHours: { enabled: true, start: '22:00', end: '07:00' },
    });
    expect(saved.status).toBe(200);
    expect(saved.json.quietHours.enabled).toBe(true);
    const subs = push.received.length;
    await broadcast(admin, { title: 'Late news', body: 'Shh.', audience: 'members' });
    await server.app.services.notifier.drain();
    expect((await player.get('/api/notifications')).json.notifications[0].title).toBe('Late news');
    expect(push.received.filter((r) => r.payload.title === 'Late news')).toEqual([]);
    expect(push.received.length).toBe(subs);
    // The morning after: pushed again.
    server.clock.set('2024-08-11T08:00:00Z');
    await broadcast(admin, { title: 'Morning news', body: 'Hello.', audience: 'members' });
    await push.waitFor(() => push.received.some((r) => r.payload.title === 'Morning news'), 5000);
    await setPrefs(player, { ...p, quietHours: { enabled: false, start: '22:00', end: '07:00' } });
  });

  it('removes a subscription the push service answers 410 for, and shows the device as lapsed', async () => {
    const sub = push.subscribe();
    const { id, ...json } = sub;
    expect(
      (await staff.post('/api/push/subscriptions', { ...json, deviceId: 'staff-laptop-1' })).status,
    ).toBe(201);
    const devices = await staff.get('/api/push/devices');
    expect(devices.json.devices).toEqual([
      expect.objectContaining({ deviceId: 'staff-laptop-1', state: 'on', platform: 'web' }),
    ]);
    push.answer(id, 410);
    await broadcast(admin, { title: 'Gone', body: 'Nobody home.', audience: 'staff' });
    await server.app.services.notifier.drain();
    const [row] = await server.db
      .select()
      .from(pushDevices)
      .where(eq(pushDevices.deviceId, 'staff-laptop-1'));
    expect(row?.endpoint).toBeNull();
    expect(row?.p256dh).toBeNull();
    expect(row?.state).toBe('lapsed');
    expect((await staff.get('/api/push/devices')).json.devices[0].state).toBe('lapsed');
    // Renewed at the next app start: on again.
    const again = push.subscribe();
    const { id: _i, ...json2 } = again;
    await staff.post('/api/push/subscriptions', { ...json2, deviceId: 'staff-laptop-1' });
    expect((await staff.get('/api/push/devices')).json.devices[0].state).toBe('on');
  });

  it('sends club news by email only with consent, with one-click unsubscribe', async () => {
    server.smtp.received.length = 0;
    await broadcast(admin, { title: 'No consent yet', body: 'x', audience: 'members' });
    await server.app.services.notifier.drain();
    expect(server.smtp.received.filter((e) => e.subject === 'No consent yet')).toEqual([]);

    const p = (await prefs(player)).json;
    const kinds = p.kinds.map((k: Json) => (k.kind === 'news' ? { ...k, email: true } : k));
    expect(
      (await setPrefs(player, { ...p, kinds })).json.kinds.find((k: Json) => k.kind === 'news').email,
    ).toBe(true);
    await broadcast(admin, { title: 'Beer festival', body: 'Saturday.', audience: 'members' });
    await server.app.services.notifier.drain();
    const mails = server.smtp.received.filter((e) => e.subject === 'Beer festival');
    expect(mails.map((m) => m.to)).toEqual([['player1@redlion.test']]);
    const mail = mails[0] as (typeof mails)[number];
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const url = /^<(.+)>$/.exec(mail.headers['list-unsubscribe'] ?? '')?.[1] ?? '';
    expect(url).toContain('/api/notifications/unsubscribe?');
    expect(mail.text).toContain(url);

    // A forged link does nothing; a GET only shows a button (mail scanners follow links).
    const forged = url.replace(/t=[^&]+/, 't=forged');
    expect(
      (
        await fetch(forged, {
          method: 'POST',
          body: 'List-Unsubscribe=One-Click',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        })
      ).status,
    ).toBe(400);
    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Unsubscribe');
    expect((await prefs(player)).json.kinds.find((k: Json) => k.kind === 'news').email).toBe(true);

    // The mail provider's one-click POST (RFC 8058): no cookie, no XSRF token.
    const res = await fetch(url, {
      method: 'POST',
      body: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(200);
    expect((await prefs(player)).json.kinds.find((k: Json) => k.kind === 'news').email).toBe(false);
    await broadcast(admin, { title: 'After unsubscribe', body: 'x', audience: 'members' });
    await server.app.services.notifier.drain();
    expect(server.smtp.received.filter((e) => e.subject === 'After unsubscribe')).toEqual([]);
  });

  it('lists what was sent, when, by whom and to how many; club news only to members who get it', async () => {
    // The player turns club news off everywhere: a message to all members no longer reaches them.
    const p = (await prefs(player)).json;
    const off = p.kinds.map((k: Json) =>
      k.kind === 'news' ? { ...k, push: false, email: false, inApp: false } : k,
    );
    expect((await setPrefs(player, { ...p, kinds: off })).status).toBe(200);
    const before = await admin.get('/api/admin/broadcasts');
    expect(before.status).toBe(200);
    const membersBefore: number = before.json.reach.members;
    const sent = await broadcast(admin, {
      title: 'Opted-out test',
      body: 'Not for the player.',
      audience: 'members',
    });
    expect(sent.status).toBe(202);
    expect(sent.json.recipients).toBe(membersBefore);
    const playerTitles = (await player.get('/api/notifications')).json.notifications.map(
      (n: Json) => n.title,
    );
    expect(playerTitles).not.toContain('Opted-out test');
    expect((await staff.get('/api/notifications')).json.notifications[0].title).toBe('Opted-out test');

    // Staff messages are work: they reach staff whatever they chose for club news, as their own kind.
    const s = (await prefs(staff)).json;
    const staffOff = s.kinds.map((k: Json) =>
      k.kind === 'news' ? { ...k, push: false, email: false, inApp: false } : k,
    );
    await setPrefs(staff, { ...s, kinds: staffOff });
    expect((await prefs(staff)).json.kinds.map((k: Json) => k.kind)).toContain('staff');
    expect((await prefs(player)).json.kinds.map((k: Json) => k.kind)).not.toContain('staff');
    const toStaff = await broadcast(admin, {
      title: 'Staff meeting',
      body: 'Monday at 10.',
      audience: 'staff',
    });
    expect(toStaff.json.recipients).toBeGreaterThanOrEqual(2);
    expect((await staff.get('/api/notifications')).json.notifications[0]).toMatchObject({
      kind: 'staff',
      title: 'Staff meeting',
    });

    const list = await admin.get('/api/admin/broadcasts');
    expect(list.json.broadcasts.slice(0, 2)).toEqual([
      {
        id: toStaff.json.id,
        audience: 'staff',
        title: 'Staff meeting',
        body: 'Monday at 10.',
        sentAt: expect.any(String),
        sentBy: 'Alex Admin',
        recipients: toStaff.json.recipients,
      },
      expect.objectContaining({ id: sent.json.id, audience: 'members', title: 'Opted-out test' }),
    ]);
    // The staff member turned club news off too: one fewer would get the next one.
    expect(list.json.reach.members).toBe(membersBefore - 1);
    expect(list.json.reach.staff).toBe(toStaff.json.recipients);
    expect((await player.get('/api/admin/broadcasts')).status).toBe(403);
    expect((await staff.get('/api/admin/broadcasts')).status).toBe(403);
    // Another club's admin sees only their own club's messages.
    expect(
      (await otherAdmin.get('/api/admin/broadcasts')).json.broadcasts.map((b: Json) => b.title),
    ).not.toContain('Staff meeting');
    await setPrefs(player, p);
    await setPrefs(staff, s);
  });

  it('tells the admins of a contact message in words that match the admin screen', async () => {
    const res = await server.client().post('/api/contact', {
      name: 'Vera Visitor',
      email: 'vera@example.test',
      subject: 'Hi',
      message: 'Hello.',
    });
    expect(res.status).toBeLessThan(300);
    const alert = (await admin.get('/api/notifications')).json.notifications.find(
      (n: Json) => n.title === 'New contact message',
    );
    expect(alert).toMatchObject({
      kind: 'admin',
      link: '/admin',
      body: 'Someone has written to the club. Open Admin, then Messages from the contact form: write your reply under the message and it is emailed to them.',
    });
  });

  it("keeps another club's admin out: their list is theirs, their broadcast reaches only their club", async () => {
    expect((await otherAdmin.get('/api/notifications')).json.notifications).toEqual([]);
    const before = (await player.get('/api/notifications')).json.notifications.length;
    const res = await broadcast(otherAdmin, { title: 'Kings only', body: 'x', audience: 'members' });
    expect(res.status).toBe(202);
    expect(res.json.recipients).toBe(1);
    expect((await player.get('/api/notifications')).json.notifications.length).toBe(before);
    const mine = (await player.get('/api/notifications')).json.notifications[0].id;
    await otherAdmin.post('/api/notifications/read', { ids: [mine] });
    expect((await player.get('/api/notifications')).json.notifications[0].readAt).toBeNull();
    expect((await otherAdmin.get('/api/push/devices')).json.devices).toEqual([]);
  });
});
