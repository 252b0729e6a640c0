import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';

export interface StripeCall {
  method: string;
  path: string;
  form: URLSearchParams;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
}

/**
 * A local HTTP server speaking Stripe's wire format (form-encoded requests, JSON objects back), so
 * the official `stripe` library runs unchanged against it and the test can check what it sent.
 */
export async function startStripeStandIn() {
  const calls: StripeCall[] = [];
  const intents = new Map<string, Record<string, unknown>>();
  const server = createServer(async (req, res) => {
    const body = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://stripe.local');
    const call: StripeCall = {
      method: req.method ?? 'GET',
      path: url.pathname,
      form: new URLSearchParams(body),
      idempotencyKey: header(req, 'idempotency-key'),
      authorization: header(req, 'authorization'),
    };
    calls.push(call);
    const send = (status: number, json: unknown) => {
      res.writeHead(status, {
        'content-type': 'application/json',
        'request-id': `req_${randomBytes(6).toString('hex')}`,
      });
      res.end(JSON.stringify(json));
    };
    if (call.method === 'POST' && call.path === '/v1/payment_intents') {
      const id = `pi_${randomBytes(12).toString('hex')}`;
      const metadata: Record<string, string> = {};
      for (const [k, v] of call.form) {
        const m = /^metadata\[(.+)\]$/.exec(k);
        if (m?.[1]) metadata[m[1]] = v;
      }
      const intent = {
        id,
        object: 'payment_intent',
        amount: Number(call.form.get('amount')),
        amount_received: 0,
        currency: call.form.get('currency'),
        status: 'requires_payment_method',
        client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`,
        metadata,
        livemode: false,
      };
      intents.set(id, intent);
      return send(200, intent);
    }
    const retrieve = /^\/v1\/payment_intents\/([^/]+)$/.exec(call.path);
    if (call.method === 'GET' && retrieve?.[1]) {
      const intent = intents.get(retrieve[1]);
      return intent
        ? send(200, intent)
        : send(404, { error: { type: 'invalid_request_error', message: 'No such payment_intent' } });
    }
    if (call.method === 'POST' && call.path === '/v1/refunds') {
      return send(200, {
        id: `re_${randomBytes(12).toString('hex')}`,
        object: 'refund',
        amount: Number(call.form.get('amount')),
        payment_intent: call.form.get('payment_intent'),
        status: 'succeeded',
        currency: 'gbp',
      });
    }
    send(404, {
      error: {
        type: 'invalid_request_error',
        message: `Unrecognized request URL (${call.method}: ${call.path})`,
      },
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    calls,
    intents,
    /** What Stripe would hold after the card was charged. */
    markSucceeded(id: string, amountReceived?: number) {
      const intent = intents.get(id);
      if (intent)
        Object.assign(intent, { status: 'succeeded', amount_received: amountReceived ?? intent.amount });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function header(req: IncomingMessage, name: string) {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
