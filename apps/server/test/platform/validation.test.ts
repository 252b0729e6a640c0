import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages, user } from '../../src/db/schema/index.ts';
import { backends, startTestServer, type TestServer } from '../support/test-server.ts';

describe.each(backends())('bad input on %s', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(backend);
  });
  afterAll(() => server?.close());

  const users = async () => (await server.db.select({ n: count() }).from(user))[0]?.n;
  const messages = async () => (await server.db.select({ n: count() }).from(contactMessages))[0]?.n;
  const valid = {
    name: 'Val Id',
    email: 'valid@example.com',
    password: 'a-perfectly-fine-one',
    dateOfBirth: '1999-12-31',
  };

  it.each([
    ['a missing date of birth', { ...valid, dateOfBirth: undefined }, /dateOfBirth/],
    ['a missing name', { ...valid, name: undefined }, /name/],
    ['a short password', { ...valid, password: 'short' }, /at least 8 characters/],
    ['a common password', { ...valid, password: 'iloveyou' }, /too common/],
    ['an invalid email', { ...valid, email: 'not-an-email' }, /email/i],
    ['a date of birth that does not exist', { ...valid, dateOfBirth: '2001-02-29' }, /dateOfBirth/],
    ['a date of birth in the future', { ...valid, dateOfBirth: '2999-01-01' }, /dateOfBirth/],
    ['a number for the name', { ...valid, name: 42 }, /name/],
    ['an unknown club link', { ...valid, clubSlug: 'no-such-club' }, /club/i],
  ])('sign-up with %s is a 400 naming the problem, and writes nothing', async (_what, body, message) => {
    const before = await users();
    const c = server.client();
    const res = await c.post('/api/auth/sign-up/email', body);
    expect(res.status).toBe(400);
    expect(res.json.error.code).toEqual(expect.any(String));
    expect(res.json.error.message).toMatch(message);
    expect(await users()).toBe(before);
  });

  it('malformed JSON is a 400 that says so', async () => {
    const c = server.client();
    for (const path of ['/api/auth/sign-up/email', '/api/contact']) {
      const res = await c.post(path, '{"name": "half');
      expect(res.status).toBe(400);
      expect(res.json.error).toEqual({
        code: 'INVALID_JSON',
        message: 'The request body is not valid JSON.',
      });
    }
  });

  it.each([
    ['a missing field', { name: 'A', email: 'a@example.com', subject: 'S' }, /message/],
    ['a wrong type', { name: 'A', email: 'a@example.com', subject: 'S', message: 7 }, /message/],
    ['an invalid email', { name: 'A', email: 'nope', subject: 'S', message: 'M' }, /email/],
    [
      'an unknown field',
      { name: 'A', email: 'a@example.com', subject: 'S', message: 'M', admin: true },
      /admin/,
    ],
  ])(
    'a contact message with %s is a 400 naming the field, and writes nothing',
    async (_what, body, field) => {
      const before = await messages();
      const res = await server.client().post('/api/contact', body);
      expect(res.status).toBe(400);
      expect(res.json.error.code).toBe('VALIDATION_FAILED');
      expect(res.json.error.message).toMatch(field);
      expect(await messages()).toBe(before);
    },
  );

  it('unknown API paths are 404 in the error shape', async () => {
    const res = await server.client().get('/api/no-such-thing');
    expect(res.status).toBe(404);
    expect(res.json).toEqual({
      error: { code: 'NOT_FOUND', message: 'No such endpoint: GET /api/no-such-thing' },
    });
  });
});
