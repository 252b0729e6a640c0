import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local S3-compatible service for the tests: path-style buckets, PUT, GET, HEAD and DELETE of
 * objects, each request's AWS Signature Version 4 checked against the one key pair it knows
 * (a request signed with another secret, or whose body does not match its signed hash, gets
 * S3's 403 SignatureDoesNotMatch). Answers in S3's XML error format.
 */
export interface S3StandIn {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The objects as stored, by key: what a test reads back to check the bytes. */
  objects: Map<string, { bytes: Buffer; contentType: string }>;
  /** Every request, as "METHOD /path?query status". */
  log: string[];
  /** How many PUTs carried their body's SHA-256 in the signature (not UNSIGNED-PAYLOAD). */
  readonly signedBodies: number;
  /** The S3_* settings that point the server at this service. */
  env: Record<string, string>;
  close(): Promise<void>;
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
const rfc3986 = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

function xmlError(res: ServerResponse, status: number, code: string, message: string) {
  res.writeHead(status, { 'content-type': 'application/xml' });
  res.end(
    `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`,
  );
}

/** The signature a request should carry, computed from its parts as SigV4 defines. */
function expectedSignature(
  req: IncomingMessage,
  secret: string,
  auth: { credential: string; signedHeaders: string },
) {
  const [, date = '', region = '', service = ''] = auth.credential.split('/');
  const rawUrl = req.url ?? '/';
  const q = rawUrl.indexOf('?');
  const canonicalUri = q === -1 ? rawUrl : rawUrl.slice(0, q);
  const query = new URLSearchParams(q === -1 ? '' : rawUrl.slice(q + 1));
  const canonicalQuery = [...query.entries()]
    .map(([k, v]) => [rfc3986(k), rfc3986(v)] as const)
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const names = auth.signedHeaders.split(';');
  const canonicalHeaders = names
    .map((n) => {
      const value = req.headers[n];
      const text = Array.isArray(value) ? value.join(',') : (value ?? '');
      return `${n}:${text.trim().replace(/\s+/g, ' ')}\n`;
    })
    .join('');
  const payloadHash = String(req.headers['x-amz-content-sha256'] ?? sha256(''));
  const canonicalRequest = [
    req.method,
    canonicalUri,
    canonicalQuery,
    canonicalHeaders,
    auth.signedHeaders,
    payloadHash,
  ].join('\n');
  const scope = `${date}/${region}/${service}/aws4_request`;
  const stringToSign = [
    'AWS4-HMAC-SHA256',
    String(req.headers['x-amz-date']),
    scope,
    sha256(canonicalRequest),
  ].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region), service), 'aws4_request');
  return createHmac('sha256', key).update(stringToSign).digest('hex');
}

export async function startS3StandIn(opts: { bucket?: string; region?: string } = {}): Promise<S3StandIn> {
  const bucket = opts.bucket ?? 'lastman-test';
  const region = opts.region ?? 'eu-west-2';
  const accessKeyId = 'AKIATESTSTANDIN00001';
  const secretAccessKey = 'stand-in-secret-key-0123456789abcdefghij';
  const objects = new Map<string, { bytes: Buffer; contentType: string }>();
  const log: string[] = [];
  let signedBodies = 0;

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);

    const header = String(req.headers.authorization ?? '');
    const m =
      /^AWS4-HMAC-SHA256 Credential=([^,]+),\s*SignedHeaders=([^,]+),\s*Signature=([0-9a-f]{64})$/.exec(
        header,
      );
    if (!m)
      return xmlError(res, 403, 'AccessDenied', 'Requests must be signed with AWS Signature Version 4.');
    const [, credential = '', signedHeaders = '', signature = ''] = m;
    if (!credential.startsWith(`${accessKeyId}/`)) {
      return xmlError(res, 403, 'InvalidAccessKeyId', 'The access key ID you provided does not exist.');
    }
    if (!signedHeaders.split(';').includes('host')) {
      return xmlError(res, 403, 'AccessDenied', 'The host header must be signed.');
    }
    if (expectedSignature(req, secretAccessKey, { credential, signedHeaders }) !== signature) {
      return xmlError(
        res,
        403,
        'SignatureDoesNotMatch',
        'The request signature we calculated does not match the signature you provided.',
      );
    }
    const claimed = String(req.headers['x-amz-content-sha256'] ?? '');
    if (/^[0-9a-f]{64}$/.test(claimed) && claimed !== sha256(body)) {
      return xmlError(
        res,
        400,
        'XAmzContentSHA256Mismatch',
        'The provided x-amz-content-sha256 header does not match what was computed.',
      );
    }
    if (claimed.startsWith('STREAMING-')) {
      return xmlError(res, 501, 'NotImplemented', 'This stand-in takes whole, signed bodies only.');
    }

    const path = decodeURIComponent((req.url ?? '/').split('?')[0] ?? '/');
    const [, b, ...rest] = path.split('/');
    const key = rest.join('/');
    if (b !== bucket) return xmlError(res, 404, 'NoSuchBucket', 'The specified bucket does not exist.');
    if (!key) return xmlError(res, 501, 'NotImplemented', 'Only object requests are served here.');

    switch (req.method) {
      case 'PUT': {
        if (/^[0-9a-f]{64}$/.test(claimed)) signedBodies++;
        objects.set(key, {
          bytes: body,
          contentType: String(req.headers['content-type'] ?? 'binary/octet-stream'),
        });
        res.writeHead(200, { etag: `"${createHash('md5').update(body).digest('hex')}"` });
        return res.end();
      }
      case 'GET':
      case 'HEAD': {
        const object = objects.get(key);
        if (!object) return xmlError(res, 404, 'NoSuchKey', 'The specified key does not exist.');
        res.writeHead(200, {
          'content-type': object.contentType,
          'content-length': object.bytes.length,
          etag: `"${createHash('md5').update(object.bytes).digest('hex')}"`,
        });
        return res.end(req.method === 'GET' ? object.bytes : undefined);
      }
      case 'DELETE': {
        objects.delete(key);
        res.writeHead(204);
        return res.end();
      }
      default:
        return xmlError(
          res,
          405,
          'MethodNotAllowed',
          'The specified method is not allowed against this resource.',
        );
    }
  };

  const server = createServer((req, res) => {
    handle(req, res)
      .catch((err) => xmlError(res, 500, 'InternalError', String(err)))
      .finally(() => log.push(`${req.method} ${req.url} ${res.statusCode}`));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    endpoint,
    bucket,
    region,
    accessKeyId,
    secretAccessKey,
    objects,
    log,
    get signedBodies() {
      return signedBodies;
    },
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: region,
      S3_ACCESS_KEY_ID: accessKeyId,
      S3_SECRET_ACCESS_KEY: secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
