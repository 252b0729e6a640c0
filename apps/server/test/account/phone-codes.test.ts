import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smsOutbox } from '../../src/db/schema/index.ts';
import type { HttpClient } from '../support/http-client.ts';
import { backends, startTestServer, type TestServer } from '../support/test-server.ts';
import { aClub, aMember } from '../support/world.ts';

/**
 * Phone codes: a number is confirmed with a code by SMS, then signs in with
 * one. SMS land in the outbox (no provider configured), which is where these tests read them.
 */
describe.each(backends())('phone codes on %s', (backend) => {
  let server: TestServer;
  let member: { client: HttpClient; userId: string };
  let otherAdmin: HttpClient;
  let homeAdmin: HttpClient;

  /** The code in the SMS number `nth` (from 1) to the number, waiting for it (it is sent in the background). */
  async function codeSentTo(to: string, nth = 1): Promise<{ code: string; text: string }> {
    for (let i = 0; i < 100; i++) {
      const rows = await server.db
        .select()
        .from(smsOutbox)
        .where(eq(smsOutbox.to, to))
        .orderBy(asc(smsOutbox.createdAt));
      const row = rows[nth - 1];
      if (row) {
        const code = /#(\d{6})$/.exec(row.text)?.[1];
        if (!code) throw new Error(`no code in ${row.text}`);
        return { code, text: row.text };
      }
      await new Promise((r) => setTimeout(r, 30));
    }
    throw new Error(`no SMS number ${nth} to ${to}`);
  }

  async function smsCount(to: string) {
    return (await server.db.select().from(smsOutbox).where(eq(smsOutbox.to, to))).length;
  }

  /** A member whose number is confirmed, through the real verification. */
  async function confirmed(client: HttpClient, phoneNumber: string, e164: string) {
    const sent = await client.post('/api/me/phone/code', { phoneNumber });
    expect(sent.status).toBe(200);
    const { code } = await codeSentTo(e164);
    const done = await client.post('/api/me/phone/verify', { phoneNumber, code });
    expect(done.status).toBe(200);
  }

  const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  beforeAll(async () => {
    server = await startTestServer(backend, { now: '2026-11-23T12:00:00Z', env: { RATE_LIMIT_SCALE: '2' } });
    const home = await aClub(server, { slug: 'red-lion-2', name: 'The Red Lion' });
    const away = await aClub(server);
    member = await aMember(server, { club: home, email: 'phone@redlion.test', name: 'Phone Player' });
    homeAdmin = (await aMember(server, { club: home, role: 'admin', email: 'boss@redlion.test' })).client;
    otherAdmin = (await aMember(server, { club: away, role: 'admin', email: 'boss@kings.test' })).client;
  }, 120_000);
  afterAll(() => server?.close());

  it('confirms a number, then signs in with a code through the outbox', async () => {
    const sent = await member.client.post('/api/me/phone/code', { phoneNumber: '07700 900001' });
    expect(sent.status).toBe(200);
    expect(sent.json).toEqual({ sent: true, phoneNumber: '+447700900001', expiresInSeconds: 600 });
    const { code, text } = await codeSentTo('+447700900001');
    // The last line is the one WebOTP reads: `@host #code`.
    expect(text.split('\n').at(-1)).toBe(`@127.0.0.1 #${code}`);
    // Every text opens with the service's name, then the code (what a lock screen shows).
    expect(text.startsWith(`Lastman: ${code} is your code`)).toBe(true);

    const bad = await member.client.post('/api/me/phone/verify', {
      phoneNumber: '07700900001',
      code: wrong(code),
    });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toEqual({
      code: 'CODE_INVALID',
      message: 'That code is not right. 4 tries left.',
    });
    const ok = await member.client.post('/api/me/phone/verify', { phoneNumber: '+44 7700 900001', code });
    expect(ok.status).toBe(200);
    expect(ok.json).toEqual({ phoneNumber: '+447700900001', phoneNumberVerified: true });
    const me = await member.client.get('/api/me');
    expect(me.json.user).toMatchObject({ phoneNumber: '+447700900001', phoneNumberVerified: true });

    // A new device signs in with the number.
    const phone = server.client();
    await phone.prime();
    const ask = await phone.post('/api/auth/sign-in/phone/send-code', { phoneNumber: '07700-900 001' });
    expect(ask.json).toEqual({ sent: true, phoneNumber: '+447700900001', expiresInSeconds: 600 });
    const signIn = await codeSentTo('+447700900001', 2);
    const res = await phone.post('/api/auth/sign-in/phone', {
      phoneNumber: '07700 900001',
      code: signIn.code,
    });
    expect(res.status).toBe(200);
    expect(res.json.token).toEqual(expect.any(String));
    expect(res.json.user.id).toBe(member.userId);
    expect(res.headers.get('set-auth-token')).toBeTruthy();
    expect((await phone.get('/api/me')).json.user.id).toBe(member.userId);
    // A code works once.
    const again = await server.client().post('/api/auth/sign-in/phone', {
      phoneNumber: '07700 900001',
      code: signIn.code,
    });
    expect(again.status).toBe(400);
    expect(again.json.error.code).toBe('CODE_INVALID');
  });

  it('texts nothing to a number no account has confirmed, and answers the same', async () => {
    const c = server.client();
    await c.prime();
    const res = await c.post('/api/auth/sign-in/phone/send-code', { phoneNumber: '07700 900999' });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ sent: true, phoneNumber: '+447700900999', expiresInSeconds: 600 });
    await new Promise((r) => setTimeout(r, 200));
    expect(await smsCount('+447700900999')).toBe(0);
    const signIn = await c.post('/api/auth/sign-in/phone', { phoneNumber: '07700 900999', code: '123456' });
    expect(signIn.status).toBe(400);
    expect(signIn.json.error.code).toBe('CODE_INVALID');
    // Nor does an unconfirmed number on a profile sign in.
    await member.client.patch('/api/me', { phoneNumber: '07700 900998' });
    await c.post('/api/auth/sign-in/phone/send-code', { phoneNumber: '07700 900998' });
    await new Promise((r) => setTimeout(r, 200));
    expect(await smsCount('+447700900998')).toBe(0);
  });

  it('locks a code after five wrong tries', async () => {
    const m = await aMember(server, {
      club: { ...(await aClub(server, { slug: 'lock-club' })) },
      email: 'lock@club.test',
    });
    // Confirming one's own number tells how many tries are left.
    await m.client.post('/api/me/phone/code', { phoneNumber: '07700 900010' });
    const first = await codeSentTo('+447700900010');
    const confirming = [];
    for (let i = 0; i < 5; i++) {
      confirming.push(
        (await m.client.post('/api/me/phone/verify', { phoneNumber: '07700900010', code: wrong(first.code) }))
          .json,
      );
    }
    expect(confirming.slice(0, 4).map((a) => a.error.message)).toEqual([
      'That code is not right. 4 tries left.',
      'That code is not right. 3 tries left.',
      'That code is not right. 2 tries left.',
      'That code is not right. 1 try left.',
    ]);
    expect(confirming[4].error.code).toBe('CODE_LOCKED');
    const lateConfirm = await m.client.post('/api/me/phone/verify', {
      phoneNumber: '07700900010',
      code: first.code,
    });
    expect(lateConfirm.json.error.code).toBe('CODE_LOCKED');

    // Signing in, the answer is always the same (it would tell a stranger the number has an account).
    await confirmed(m.client, '07700 900002', '+447700900002');
    const c = server.client();
    await c.prime();
    await c.post('/api/auth/sign-in/phone/send-code', { phoneNumber: '07700900002' });
    const { code } = await codeSentTo('+447700900002', 2);
    const answers = [];
    for (let i = 0; i < 5; i++) {
      answers.push(
        (await c.post('/api/auth/sign-in/phone', { phoneNumber: '07700900002', code: wrong(code) })).json,
      );
    }
    const refused = {
      error: {
        code: 'CODE_INVALID',
        message: 'That code did not work. Check the latest text from us, or ask for a new code.',
      },
    };
    expect(answers).toEqual(Array(5).fill(refused));
    // The right code no longer works either.
    const late = await c.post('/api/auth/sign-in/phone', { phoneNumber: '07700900002', code });
    expect(late.status).toBe(400);
    expect(late.json).toEqual(refused);
    expect(late.headers.get('set-auth-token')).toBeNull();
  });

  it('refuses a code after ten minutes', async () => {
    const m = await aMember(server, {
      club: await aClub(server, { slug: 'expiry-club' }),
      email: 'exp@club.test',
    });
    await m.client.post('/api/me/phone/code', { phoneNumber: '07700 900003' });
    const { code } = await codeSentTo('+447700900003');
    server.clock.advance(10 * 60 * 1000 + 1000);
    const res = await m.client.post('/api/me/phone/verify', { phoneNumber: '07700 900003', code });
    expect(res.status).toBe(400);
    expect(res.json.error).toEqual({
      code: 'CODE_EXPIRED',
      message: 'This code has expired. Ask for a new one.',
    });
  });

  it('limits codes per number and per address', async () => {
    const m = await aMember(server, {
      club: await aClub(server, { slug: 'limit-club' }),
      email: 'lim@club.test',
    });
    // Scaled by 2 here: two codes a minute per number, forty per ten minutes per address.
    expect((await m.client.post('/api/me/phone/code', { phoneNumber: '07700 900004' })).status).toBe(200);
    expect((await m.client.post('/api/me/phone/code', { phoneNumber: '07700900004' })).status).toBe(200);
    // The same number in another spelling, a moment later.
    const soon = await m.client.post('/api/me/phone/code', { phoneNumber: '+447700900004' });
    expect(soon.status).toBe(429);
    expect(soon.json.error.message).toMatch(
      /^Too many codes sent to this number\. Try again in \d+ seconds?\.$/,
    );

    const pub = server.client({ localAddress: '127.0.0.88' });
    await pub.prime();
    const statuses: number[] = [];
    for (let i = 0; i < 41; i++) {
      const n = String(910_000 + i);
      statuses.push(
        (await pub.post('/api/auth/sign-in/phone/send-code', { phoneNumber: `07700 ${n}` })).status,
      );
    }
    expect(statuses.slice(0, 40).every((s) => s === 200)).toBe(true);
    expect(statuses[40]).toBe(429);
  });

  it('a wrong sign-in code is answered the same whether or not the number has an account', async () => {
    const m = await aMember(server, {
      club: await aClub(server, { slug: 'quiet-club' }),
      email: 'quiet@club.test',
    });
    await confirmed(m.client, '07700 900006', '+447700900006');
    const stranger = server.client({ localAddress: '127.0.0.91' });
    await stranger.prime();
    const tries = async (phoneNumber: string, code: string) => {
      const seen: { status: number; body: unknown }[] = [];
      for (let i = 0; i < 6; i++) {
        const res = await stranger.post('/api/auth/sign-in/phone', { phoneNumber, code });
        seen.push({ status: res.status, body: res.json });
      }
      return seen;
    };
    for (const phoneNumber of ['07700 900006', '07700 900007'])
      expect((await stranger.post('/api/auth/sign-in/phone/send-code', { phoneNumber })).status).toBe(200);
    const { code } = await codeSentTo('+447700900006', 2);
    const withAccount = await tries('07700 900006', wrong(code));
    const without = await tries('07700 900007', wrong(code));
    // Nor does a number never asked about answer otherwise.
    const neverAsked = await tries('07700 900008', wrong(code));
    expect(without).toEqual(withAccount);
    expect(neverAsked).toEqual(withAccount);
    expect(withAccount[0]).toEqual({
      status: 400,
      body: {
        error: {
          code: 'CODE_INVALID',
          message: 'That code did not work. Check the latest text from us, or ask for a new code.',
        },
      },
    });
  });

  it("refused code requests do not count, and the number's owner on a known device has an allowance of its own", async () => {
    const owner = await aMember(server, {
      club: await aClub(server, { slug: 'owner-club' }),
      email: 'owner@club.test',
    });
    await confirmed(owner.client, '07700 900009', '+447700900009');
    // The owner's phone signed in once (it keeps a device cookie), then signed out.
    const phone = server.client({ localAddress: '127.0.0.92' });
    await phone.signIn('owner@club.test', 'club-member-pass');
    await phone.post('/api/auth/sign-out');

    // A stranger asks for codes to the number again and again (scaled by 2: two a minute).
    const stranger = server.client({ localAddress: '127.0.0.93' });
    await stranger.prime();
    const answers = [];
    for (let i = 0; i < 14; i++) {
      answers.push(await stranger.post('/api/auth/sign-in/phone/send-code', { phoneNumber: '07700900009' }));
    }
    expect(answers.map((a) => a.status)).toEqual([200, 200, ...Array(12).fill(429)]);
    // Every refusal is the one-a-minute wait: the refused requests used up nothing of the hour's allowance.
    for (const refused of answers.slice(2)) {
      expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
      expect(refused.json.error.message).toMatch(/Try again in \d+ seconds?\.$/);
    }
    expect(await smsCount('+447700900009')).toBe(3);

    // The owner's phone still gets its code, and signs in with it.
    const asked = await phone.post('/api/auth/sign-in/phone/send-code', { phoneNumber: '07700900009' });
    expect(asked.status).toBe(200);
    const { code } = await codeSentTo('+447700900009', 4);
    const signIn = await phone.post('/api/auth/sign-in/phone', { phoneNumber: '07700900009', code });
    expect(signIn.status).toBe(200);
    expect(signIn.json.user.id).toBe(owner.userId);
    // And the owner signed in elsewhere can have a code sent to confirm the number again.
    expect((await owner.client.post('/api/me/phone/code', { phoneNumber: '07700900009' })).status).toBe(200);
    // The stranger is still waiting.
    expect(
      (await stranger.post('/api/auth/sign-in/phone/send-code', { phoneNumber: '07700900009' })).status,
    ).toBe(429);
  });

  it('keeps a confirmed number to one account', async () => {
    const first = await aMember(server, {
      club: await aClub(server, { slug: 'first-club' }),
      email: 'first@club.test',
    });
    await confirmed(first.client, '07700 900005', '+447700900005');
    const m = await aMember(server, {
      club: await aClub(server, { slug: 'taken-club' }),
      email: 'taken@club.test',
    });
    const res = await m.client.post('/api/me/phone/code', { phoneNumber: '07700 900005' });
    expect(res.status).toBe(409);
    expect(res.json.error.code).toBe('PHONE_TAKEN');
  });

  it("shows the club's admin its SMS without codes, and another club's admin nothing", async () => {
    const mine = await homeAdmin.get('/api/admin/sms-outbox');
    expect(mine.status).toBe(200);
    expect(mine.json.messages.length).toBeGreaterThan(0);
    expect(mine.json.messages.every((m: { to: string }) => m.to === '+447700900001')).toBe(true);
    expect(mine.json.messages.map((m: { text: string }) => m.text).join()).not.toMatch(/\d{6}/);
    const theirs = await otherAdmin.get('/api/admin/sms-outbox');
    expect(theirs.status).toBe(200);
    expect(theirs.json.messages).toEqual([]);
    // Nor can they use a code sent to another club's member.
    const { code } = await codeSentTo('+447700900001');
    const tried = await otherAdmin.post('/api/me/phone/verify', { phoneNumber: '07700900001', code });
    expect(tried.status).toBe(400);
    expect((await member.client.get('/api/admin/sms-outbox')).status).toBe(403);
  });

  it('changing the number on the profile unconfirms it', async () => {
    await member.client.patch('/api/me', { phoneNumber: '07700 900001' });
    const me = (await member.client.get('/api/me')).json.user;
    expect(me.phoneNumberVerified).toBe(false);
  });
});
