import { METHODS as HTTP_METHODS, request as httpRequest } from 'node:http';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import type { HttpClient } from './http-client.ts';

/**
 * Requests generated from the live OpenAPI document, checked as Schemathesis checks them: no 5xx,
 * every status, content type and body documented (a 204 described and sent without content),
 * unsupported methods answered 405 with Allow (CORS preflights still answered), invalid input refused
 * (a format's edge cases among it), valid input not refused as invalid, nothing written by a refused
 * request. Free of vitest, so that the long run (`npm run bench -- fuzz`) uses it too.
 */

type Schema = Record<string, unknown>;
interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema: Schema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema?: Schema }> }>;
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}

export type FindingKind =
  | 'server error'
  | 'undocumented status'
  | 'body not as documented'
  | 'content not as documented'
  | 'not 405'
  | 'preflight refused'
  | 'invalid accepted'
  | 'valid refused'
  | 'refused but wrote';
export const FINDING_KINDS: readonly FindingKind[] = [
  'server error',
  'undocumented status',
  'body not as documented',
  'content not as documented',
  'not 405',
  'preflight refused',
  'invalid accepted',
  'valid refused',
  'refused but wrote',
];

export interface Finding {
  kind: FindingKind;
  /** `METHOD /path/template` */
  operation: string;
  /** Enough to send the request again by hand. */
  request: string;
  detail: string;
}

/** Someone calling the API: anonymous, a player, an admin. */
export interface FuzzCaller {
  name: string;
  client: HttpClient;
  /** A fresh client for this caller, when a request signed it out or in as someone else. */
  renew(): Promise<HttpClient>;
}

export interface FuzzOptions {
  document: OpenApiDocument;
  baseUrl: string;
  callers: FuzzCaller[];
  /** Real ids by the name they travel under (path segment before the param, or body field). */
  realIds: Record<string, readonly (string | number)[]>;
  validPerOperation: number;
  invalidPerOperation: number;
  seed: number;
  /** Row counts by table, to prove that a refused write wrote nothing. */
  countRows?: () => Promise<Record<string, number>>;
  /** Counts rows around one write in this many (1: every write); counting costs time on PGlite. */
  rowCheckEvery?: number;
  /** Tables a refused request may write to on purpose (rate limits, failed sign-ins). */
  tablesAllowedToChange?: readonly string[];
  /**
   * Refusals by a rule over the data that a JSON schema cannot state (an age relative to today),
   * allowed for valid input: each with the operation and the refusal's message.
   */
  rulesBeyondSchema?: readonly { operation: string; message: RegExp }[];
  /** Methods a path serves though the document leaves them out (a page for people, not an operation). */
  undocumentedMethods?: readonly string[];
  /** Strings also carry control characters (NUL included), as a hostile client's would. */
  controlCharacters?: boolean;
  /** Told after each operation, for progress. */
  onOperation?: (operation: string, requests: number, ms: number) => void;
}

export interface FuzzReport {
  requests: number;
  byCaller: Record<string, number>;
  findings: Finding[];
  seed: number;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
/**
 * A refusal of the input as malformed, by the schema layer (ours says "Invalid input. <field>: ...",
 * better-auth's own checks say VALIDATION_ERROR). A 400 from a service's rule over the data (a free
 * competition with a fee, an unknown test card) is documented and allowed for valid input.
 */
function refusedAsMalformed(text: string) {
  try {
    const { error } = JSON.parse(text) as { error?: { code?: string; message?: string } };
    if (!error) return true;
    if (error.code === 'INVALID_JSON' || error.code === 'VALIDATION_ERROR') return true;
    return error.code === 'VALIDATION_FAILED' && (error.message ?? '').startsWith('Invalid input.');
  } catch {
    return true;
  }
}

interface Sample {
  template: string;
  path: string;
  query: Record<string, unknown>;
  pathValues: Record<string, unknown>;
  body: unknown;
  hasBody: boolean;
}

export function describeFindings(findings: readonly Finding[]) {
  return findings.map((f) => `${f.kind}: ${f.operation}\n    ${f.request}\n    -> ${f.detail}`).join('\n');
}

export function findingsByKind(findings: readonly Finding[]): Record<FindingKind, number> {
  const counts = Object.fromEntries(FINDING_KINDS.map((k) => [k, 0])) as Record<FindingKind, number>;
  for (const f of findings) counts[f.kind]++;
  return counts;
}

export async function fuzzOpenApi(opts: FuzzOptions): Promise<FuzzReport> {
  const { document } = opts;
  const checker = schemaChecker(document);
  const report: FuzzReport = { requests: 0, byCaller: {}, findings: [], seed: opts.seed };
  const allowedToChange = new Set(opts.tablesAllowedToChange ?? []);

  const operations = Object.entries(document.paths)
    .filter(([path]) => path.startsWith('/api/'))
    .flatMap(([path, ops]) =>
      METHODS.filter((m) => ops[m]).map((method) => ({ path, method, op: ops[method] as Operation })),
    );

  // The caller allowed everywhere: input is all that stands between its request and the route.
  const admin = opts.callers.at(-1);
  let callerTurn = 0;
  let writeTurn = 0;
  for (const { path, method, op } of operations) {
    const name = `${method.toUpperCase()} ${path}`;
    const started = performance.now();
    const requestsBefore = report.requests;
    const arbitrary = requestArbitrary(document, path, op, {
      realIds: opts.realIds,
      controlCharacters: opts.controlCharacters ?? false,
    });
    const valid = fc.sample(arbitrary, { numRuns: opts.validPerOperation, seed: opts.seed });
    const invalid = fc
      .sample(fc.tuple(arbitrary, fc.nat()), { numRuns: opts.invalidPerOperation * 3, seed: opts.seed + 1 })
      .map(([sample, n]) => invalidate(document, op, sample, n))
      .filter((s): s is Sample => s !== null)
      .filter((s) => !checker.requestIsValid(op, s))
      .slice(0, opts.invalidPerOperation);
    const cases = [
      ...valid.map((s) => ({ sample: s, intended: 'valid' as const })),
      ...invalid.map((s) => ({ sample: s, intended: 'invalid' as const })),
    ];
    for (const { sample, intended } of cases) {
      const caller = opts.callers[callerTurn++ % opts.callers.length];
      if (!caller) throw new Error('no callers');
      const isValid = intended === 'valid' && checker.requestIsValid(op, sample);
      const contentType = Object.keys(op.requestBody?.content ?? {})[0] ?? 'application/json';
      const url = urlOf(sample);
      const sent = describeRequest(caller.name, method, `${opts.baseUrl}${url}`, sample, contentType);
      const checkRows = method !== 'get' && writeTurn++ % (opts.rowCheckEvery ?? 1) === 0;
      const before = checkRows && opts.countRows ? await opts.countRows() : undefined;
      const res = await send(caller, method, url, sample, contentType);
      report.requests++;
      report.byCaller[caller.name] = (report.byCaller[caller.name] ?? 0) + 1;
      const found = (kind: FindingKind, detail: string) =>
        report.findings.push({ kind, operation: name, request: sent, detail });

      if (res.status >= 500) found('server error', `${res.status} ${res.text.slice(0, 200)}`);
      const documented = op.responses[String(res.status)] ?? op.responses.default;
      if (!documented) found('undocumented status', `${res.status} ${res.text.slice(0, 200)}`);
      const mismatch = checker.responseMismatch(op, res.status, res.headers, res.text);
      if (mismatch) found('body not as documented', `${res.status}: ${mismatch}`);
      const contentMismatch =
        documented && contentNotAsDocumented(documented, res.status, res.headers, res.text);
      if (contentMismatch) found('content not as documented', `${res.status}: ${contentMismatch}`);
      // A redirect within the site is followed, as browsers and Schemathesis follow it: a page it ends
      // on is content of this operation's, so the document describes it too.
      const location = res.headers.get('location');
      if (method === 'get' && res.status >= 300 && res.status < 400 && location?.startsWith('/')) {
        const followed = await caller.client.request('GET', location);
        report.requests++;
        const landing = op.responses[String(followed.status)];
        if (followed.status < 300 && !landing) {
          found('undocumented status', `${followed.status} after the redirect to ${location}`);
        }
        const landingMismatch =
          followed.status < 300 &&
          landing &&
          contentNotAsDocumented(landing, followed.status, followed.headers, followed.text);
        if (landingMismatch) {
          found(
            'content not as documented',
            `${followed.status} after the redirect to ${location}: ${landingMismatch}`,
          );
        }
      }
      if (contentType === 'application/json') {
        if (intended === 'invalid' && res.status < 400) found('invalid accepted', `${res.status}`);
        const beyondSchema = opts.rulesBeyondSchema?.some(
          (r) => r.operation === name && r.message.test(res.text),
        );
        if (isValid && res.status === 400 && refusedAsMalformed(res.text) && !beyondSchema) {
          found('valid refused', `400 ${res.text.slice(0, 300)}`);
        }
      }
      if (before && res.status >= 400 && opts.countRows) {
        const after = await opts.countRows();
        const changed = Object.keys(after).filter((t) => after[t] !== before[t] && !allowedToChange.has(t));
        if (changed.length > 0) {
          found(
            'refused but wrote',
            `${res.status}, rows changed in ${changed.map((t) => `${t} (${before[t]} -> ${after[t]})`).join(', ')}`,
          );
        }
      }
    }
    // A format's edge cases (an address longer than an address can be) in each body field of that
    // format, as the admin, for whom nothing but the input stands between the request and the route:
    // refused as invalid input naming the field. Random invalid input seldom reaches them.
    const [validBody] = valid;
    if (admin && validBody) {
      for (const edge of formatEdges(document, op, validBody)) {
        if (checker.requestIsValid(op, edge.sample)) continue;
        const sent = describeRequest(
          admin.name,
          method,
          `${opts.baseUrl}${urlOf(edge.sample)}`,
          edge.sample,
          'application/json',
        );
        const res = await send(admin, method, urlOf(edge.sample), edge.sample, 'application/json');
        report.requests++;
        report.byCaller[admin.name] = (report.byCaller[admin.name] ?? 0) + 1;
        // A rate limit says nothing about the input.
        if (res.status === 429) continue;
        if (res.status !== 400 || !refusedAsMalformed(res.text) || !res.text.includes(`${edge.field}:`)) {
          report.findings.push({
            kind: 'invalid accepted',
            operation: name,
            request: sent,
            detail: `${edge.field} ${edge.what}: ${res.status}, not a 400 naming ${edge.field}: ${res.text.slice(0, 200)}`,
          });
        }
      }
    }
    opts.onOperation?.(name, report.requests - requestsBefore, performance.now() - started);
  }

  // Methods a documented path does not take: 405 with Allow and the error shape, for every method a
  // client can send (TRACE and QUERY too), before anything else is asked of the request: sent with the
  // admin's session cookie but no XSRF token and no content type, as a scanner holding a session sends
  // them. A CORS preflight (OPTIONS) of a method the path takes is still answered.
  if (admin) {
    const cookie = [...admin.client.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const origin = new URL(opts.baseUrl).origin;
    const served = new Set(opts.undocumentedMethods ?? []);
    const templates = Object.entries(document.paths).filter(([path]) => path.startsWith('/api/'));
    for (const [path] of templates) {
      const concrete = path.replace(/\{(\w+)\}/g, (_m, param: string) =>
        encodeURIComponent(String(realIdFor(opts.realIds, path, param) ?? '1')),
      );
      // The methods this URL takes: those of every documented path it matches (`/x/{id}.ics` is also
      // `/x/{id}`), with the undocumented ones served on purpose, and HEAD with GET.
      const allowed = new Set<string>();
      for (const [other, otherOps] of templates) {
        if (!templatePattern(other).test(concrete)) continue;
        for (const m of METHODS) if (otherOps[m]) allowed.add(m.toUpperCase());
        for (const m of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'])
          if (served.has(`${m} ${other}`)) allowed.add(m);
      }
      if (allowed.has('GET')) allowed.add('HEAD');
      const expected = [...allowed].sort().join(', ');
      for (const method of PROBED_METHODS.filter((m) => !allowed.has(m))) {
        const res = await rawRequest(opts.baseUrl, method, concrete, { cookie, origin });
        report.requests++;
        report.byCaller[admin.name] = (report.byCaller[admin.name] ?? 0) + 1;
        const allow = res.headers.allow;
        const given = String(allow ?? '')
          .split(/,\s*/)
          .filter(Boolean)
          .sort()
          .join(', ');
        const errorShaped = method === 'HEAD' || checker.isErrorShape(res.text);
        if (res.status !== 405 || given !== expected || !errorShaped) {
          report.findings.push({
            kind: 'not 405',
            operation: `${method} ${path}`,
            request: `[as ${admin.name}, no XSRF token] curl -X ${method} '${opts.baseUrl}${concrete}'`,
            detail: `${res.status}, Allow: ${allow ?? '(none)'} (expected ${expected}), ${res.text.slice(0, 160)}`,
          });
        }
      }
      const [first] = [...allowed];
      if (first) {
        const res = await rawRequest(opts.baseUrl, 'OPTIONS', concrete, {
          origin,
          'access-control-request-method': first,
        });
        report.requests++;
        report.byCaller[admin.name] = (report.byCaller[admin.name] ?? 0) + 1;
        const allowsIt = String(res.headers['access-control-allow-methods'] ?? '').includes(first);
        if (res.status !== 204 || !allowsIt || res.headers['access-control-allow-origin'] !== origin) {
          report.findings.push({
            kind: 'preflight refused',
            operation: `OPTIONS ${path}`,
            request: `curl -X OPTIONS '${opts.baseUrl}${concrete}' -H 'origin: ${origin}' -H 'access-control-request-method: ${first}'`,
            detail: `${res.status}, ${JSON.stringify(res.headers)}`,
          });
        }
      }
    }
  }
  return report;
}

/** Methods a client can send to a path, OPTIONS aside (a CORS preflight, answered for every path). */
const PROBED_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'TRACE', 'QUERY'].filter((m) =>
  HTTP_METHODS.includes(m),
);

/** A documented path template as a regular expression over concrete paths, as the router reads it. */
function templatePattern(template: string): RegExp {
  const source = template
    .split(/(\{\w+\})/)
    .map((part) => (/^\{\w+\}$/.test(part) ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}$`);
}

/** Any method (fetch refuses TRACE), exactly the headers given, no body. */
function rawRequest(baseUrl: string, method: string, path: string, headers: Record<string, string>) {
  return new Promise<{
    status: number;
    headers: Record<string, string | string[] | undefined>;
    text: string;
  }>((resolve, reject) => {
    const req = httpRequest(new URL(path, baseUrl), { method, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * What RFC 5321 adds to the shape of an address: at most 254 characters. The document's `format:
 * email` means a real address, and this is the check Ajv's own format leaves out.
 */
const EMAIL_SHAPE = addFormats.get('email') as RegExp;
function isEmail(value: string) {
  return value.length <= 254 && EMAIL_SHAPE.test(value);
}

/** Values that break a format while keeping to the pattern of its field: the edges a format has. */
const FORMAT_EDGES: Record<string, { what: string; value: string }[]> = {
  email: [
    {
      what: 'of 255 characters',
      value: `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(59)}.uk`,
    },
  ],
};

/** A valid body with one field of a format with edges set to each edge: one sample per edge. */
function formatEdges(document: OpenApiDocument, op: Operation, sample: Sample) {
  const media = op.requestBody?.content['application/json'];
  const body = sample.body;
  if (!media?.schema || !body || typeof body !== 'object' || Array.isArray(body)) return [];
  const schema = resolve(document, media.schema);
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  return Object.entries(properties).flatMap(([field, raw]) => {
    const format = resolve(document, raw).format;
    return (typeof format === 'string' ? (FORMAT_EDGES[format] ?? []) : []).map((edge) => ({
      field,
      what: edge.what,
      sample: { ...sample, body: { ...body, [field]: edge.value } },
    }));
  });
}

/**
 * Whether the content sent is the content described for its status: a 204 without content in both,
 * a body only where content is described, and then of a described media type.
 */
function contentNotAsDocumented(
  documented: { content?: Record<string, unknown> },
  status: number,
  headers: Headers,
  text: string,
): string | null {
  const described = Object.keys(documented.content ?? {});
  const type = (headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (status === 204) {
    if (text !== '') return `a body with 204 No Content: ${text.slice(0, 80)}`;
    return described.length > 0 ? `no content, but described as ${described.join(', ')}` : null;
  }
  if (described.length === 0) {
    return text === '' ? null : `a body (${type || 'no content type'}) where none is described`;
  }
  if (type === '') {
    return `${text === '' ? 'no content' : 'no content type'}, but described as ${described.join(', ')}`;
  }
  const matches = (d: string) =>
    d === type || d === '*/*' || (d.endsWith('/*') && type.startsWith(d.slice(0, -1)));
  return described.some(matches) ? null : `${type}, described as ${described.join(', ')}`;
}

async function send(caller: FuzzCaller, method: string, url: string, sample: Sample, contentType: string) {
  const session = sessionCookie(caller.client);
  let body: string | undefined;
  if (sample.hasBody) {
    body = contentType === 'application/json' ? JSON.stringify(sample.body) : String(sample.body ?? '');
  }
  const res = await caller.client.request(
    method.toUpperCase(),
    url,
    body,
    body === undefined ? {} : { 'content-type': contentType },
  );
  // A sign-out, a sign-up or a deleted account changes who this caller is: start it afresh.
  if (sessionCookie(caller.client) !== session) caller.client = await caller.renew();
  return res;
}

function sessionCookie(client: HttpClient) {
  for (const [name, value] of client.jar) if (name.endsWith('session_token')) return value;
  return undefined;
}

function urlOf(sample: Sample) {
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(sample.query)) {
    if (v !== undefined) query.set(k, typeof v === 'string' ? v : JSON.stringify(v));
  }
  const qs = query.toString();
  return qs ? `${sample.path}?${qs}` : sample.path;
}

function describeRequest(caller: string, method: string, url: string, sample: Sample, contentType: string) {
  const body = sample.hasBody
    ? ` -H 'content-type: ${contentType}' --data '${contentType === 'application/json' ? JSON.stringify(sample.body) : String(sample.body)}'`
    : '';
  return `[as ${caller}] curl -X ${method.toUpperCase()} '${url}'${body}`;
}

function realIdFor(realIds: FuzzOptions['realIds'], path: string, param: string) {
  const segments = path.split('/');
  const at = segments.indexOf(`{${param}}`);
  const pool = realIds[param] ?? realIds[segments[at - 1] ?? ''];
  return pool?.[0];
}

// --- Generating requests --------------------------------------------------------------------------

interface Generation {
  realIds: FuzzOptions['realIds'];
  controlCharacters: boolean;
}

function requestArbitrary(
  document: OpenApiDocument,
  path: string,
  op: Operation,
  gen: Generation,
): fc.Arbitrary<Sample> {
  const params = op.parameters ?? [];
  const segments = path.split('/');
  const pathParams = params.filter((p) => p.in === 'path');
  const queryParams = params.filter((p) => p.in === 'query');
  const pathArb = fc.record(
    Object.fromEntries(
      pathParams.map((p) => {
        const at = segments.indexOf(`{${p.name}}`);
        const pool = gen.realIds[p.name] ?? gen.realIds[segments[at - 1] ?? ''];
        const generated = valueArbitrary(document, p.schema, gen, p.name).filter(
          (v) => String(v) !== '.' && String(v) !== '..' && String(v) !== '',
        );
        return [
          p.name,
          pool?.length ? fc.oneof({ arbitrary: fc.constantFrom(...pool), weight: 3 }, generated) : generated,
        ];
      }),
    ),
  );
  const queryArb = fc.record(
    Object.fromEntries(queryParams.map((p) => [p.name, valueArbitrary(document, p.schema, gen, p.name)])),
    { requiredKeys: queryParams.filter((p) => p.required).map((p) => p.name) },
  );
  const content = op.requestBody?.content ?? {};
  const [contentType, media] = Object.entries(content)[0] ?? [];
  const bodyArb: fc.Arbitrary<unknown> =
    contentType === undefined
      ? fc.constant(undefined)
      : contentType === 'application/json'
        ? valueArbitrary(document, media?.schema ?? {}, gen)
        : fc.string({ unit: 'binary', maxLength: 64 });
  return fc
    .record({ pathValues: pathArb, query: queryArb, body: bodyArb })
    .map(({ pathValues, query, body }) => ({
      template: path,
      path: fillPath(path, pathValues),
      pathValues,
      query,
      body,
      hasBody: contentType !== undefined,
    }));
}

function fillPath(template: string, values: Record<string, unknown>) {
  return template.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(String(values[name])));
}

function resolve(document: OpenApiDocument, schema: Schema): Schema {
  const ref = schema.$ref;
  if (typeof ref !== 'string') return schema;
  const name = ref.replace('#/components/schemas/', '');
  const target = document.components.schemas[name];
  if (!target) throw new Error(`unresolved ${ref}`);
  return resolve(document, target);
}

/** Names of fields (and path segments) whose values are best drawn from real rows. */
const ID_POOL_OF: Record<string, string> = {
  competitionId: 'competitions',
  seasonId: 'seasons',
  teamId: 'teams',
  entryIds: 'entries',
  entryId: 'entries',
  fixtureId: 'fixtures',
  userId: 'members',
  orderId: 'orders',
};

function valueArbitrary(
  document: OpenApiDocument,
  raw: Schema,
  gen: Generation,
  name?: string,
  depth = 0,
): fc.Arbitrary<unknown> {
  const schema = resolve(document, raw);
  const base = plainArbitrary(document, schema, gen, name, depth);
  const poolName = name === undefined ? undefined : (ID_POOL_OF[name] ?? name);
  const pool = poolName === undefined ? undefined : gen.realIds[poolName];
  const withReal =
    pool?.length && (schema.type === 'string' || schema.type === 'integer')
      ? fc.oneof({ arbitrary: fc.constantFrom(...pool), weight: 2 }, { arbitrary: base, weight: 1 })
      : base;
  return schema.nullable === true
    ? fc.oneof({ arbitrary: withReal, weight: 4 }, fc.constant(null))
    : withReal;
}

function plainArbitrary(
  document: OpenApiDocument,
  schema: Schema,
  gen: Generation,
  name: string | undefined,
  depth: number,
): fc.Arbitrary<unknown> {
  const anyOf = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (anyOf) return fc.oneof(...anyOf.map((s) => valueArbitrary(document, s, gen, name, depth)));
  const allOf = schema.allOf as Schema[] | undefined;
  if (allOf?.[0]) return valueArbitrary(document, allOf[0], gen, name, depth);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  if ('const' in schema) return fc.constant(schema.const);
  switch (schema.type) {
    case 'string':
      return stringArbitrary(schema, gen.controlCharacters);
    case 'integer':
      return fc.integer({
        min: typeof schema.minimum === 'number' ? Math.ceil(schema.minimum) : -(2 ** 31),
        max: typeof schema.maximum === 'number' ? Math.floor(schema.maximum) : 2 ** 31 - 1,
      });
    case 'number':
      return fc.double({
        min: typeof schema.minimum === 'number' ? schema.minimum : -1e9,
        max: typeof schema.maximum === 'number' ? schema.maximum : 1e9,
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'array': {
      const minLength = typeof schema.minItems === 'number' ? schema.minItems : 0;
      const maxLength = Math.min(typeof schema.maxItems === 'number' ? schema.maxItems : 5, minLength + 5);
      return fc.array(valueArbitrary(document, (schema.items as Schema) ?? {}, gen, name, depth + 1), {
        minLength,
        maxLength,
      });
    }
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      const required = (schema.required ?? []) as string[];
      return fc.record(
        Object.fromEntries(
          Object.entries(properties).map(([key, s]) => [
            key,
            valueArbitrary(document, s, gen, key, depth + 1),
          ]),
        ),
        { requiredKeys: required.filter((k) => k in properties) },
      );
    }
    default:
      return depth > 2 ? fc.constant(null) : fc.jsonValue({ maxDepth: 2 });
  }
}

function stringArbitrary(schema: Schema, controlCharacters: boolean): fc.Arbitrary<string> {
  const minLength = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const maxLength = typeof schema.maxLength === 'number' ? schema.maxLength : Math.max(minLength, 64);
  const fits = (s: string) => s.length >= minLength && s.length <= maxLength;
  if (typeof schema.pattern === 'string') {
    // Brought to the lengths by mapping, never by filtering: a filter that refuses most of what the
    // pattern gives (a 16-character minimum on `+`, or an 87-character key under a default cap) spins
    // for ever. What the mapping makes is classified by Ajv later, like the fallback below.
    const fitLength = (s: string) => {
      let out = s;
      while (out.length < minLength && s.length > 0) out += s;
      out = out.padEnd(minLength, 'a');
      return typeof schema.maxLength === 'number' ? out.slice(0, schema.maxLength) : out;
    };
    try {
      return fc.stringMatching(new RegExp(schema.pattern)).map(fitLength);
    } catch {
      // A pattern fast-check cannot generate from (lookarounds): any string, classified by Ajv later.
      return fc.string({ minLength, maxLength: Math.min(maxLength, minLength + 40) });
    }
  }
  switch (schema.format) {
    case 'email':
      return fc.emailAddress().filter(fits);
    case 'date-time':
      return fc
        .date({
          min: new Date('2000-01-01T00:00:00Z'),
          max: new Date('2040-01-01T00:00:00Z'),
          noInvalidDate: true,
        })
        .map((d) => d.toISOString());
    case 'date':
      return fc
        .date({
          min: new Date('1900-01-01T00:00:00Z'),
          max: new Date('2040-01-01T00:00:00Z'),
          noInvalidDate: true,
        })
        .map((d) => d.toISOString().slice(0, 10));
    case 'uri':
      return fc.webUrl().filter(fits);
  }
  const cap = Math.min(maxLength, minLength + 40);
  const choices: fc.WeightedArbitrary<string>[] = [
    { arbitrary: fc.string({ minLength, maxLength: cap }), weight: 4 },
    { arbitrary: fc.string({ minLength, maxLength: cap, unit: 'grapheme' }), weight: 1 },
    { arbitrary: fc.constant('x'.repeat(maxLength)).filter(fits), weight: 1 },
  ];
  if (controlCharacters) {
    choices.push({ arbitrary: fc.string({ minLength, maxLength: cap, unit: 'binary' }), weight: 2 });
  }
  return fc.oneof(...choices);
}

// --- Making a request invalid ---------------------------------------------------------------------

/** One change that should make the request break its schema; checked against the schema after. */
function invalidate(document: OpenApiDocument, op: Operation, sample: Sample, n: number): Sample | null {
  const content = op.requestBody?.content ?? {};
  const [contentType, media] = Object.entries(content)[0] ?? [];
  const params = (op.parameters ?? []).filter((p) => p.in === 'path' || p.in === 'query');
  const bodySchema =
    contentType === 'application/json' && media?.schema ? resolve(document, media.schema) : undefined;
  const targets = [
    ...params.map((p) => ({ kind: 'param' as const, p })),
    ...(bodySchema ? [{ kind: 'body' as const }] : []),
  ];
  const target = targets[n % targets.length];
  if (!target) return null;
  const pick = Math.floor(n / Math.max(1, targets.length));
  if (target.kind === 'param') {
    const bad = badValues(document, target.p.schema)[pick % 4];
    if (bad === undefined) return null;
    const value = typeof bad === 'string' ? bad : JSON.stringify(bad);
    if (target.p.in === 'query') return { ...sample, query: { ...sample.query, [target.p.name]: value } };
    if (value === '' || value === '.' || value === '..') return null;
    const pathValues = { ...sample.pathValues, [target.p.name]: value };
    return { ...sample, pathValues, path: fillPath(sample.template, pathValues) };
  }
  return { ...sample, body: badBody(document, bodySchema ?? {}, sample.body, pick) };
}

function badValues(document: OpenApiDocument, raw: Schema): unknown[] {
  const schema = resolve(document, raw);
  const out: unknown[] = [];
  if (Array.isArray(schema.enum)) out.push('not-one-of-them');
  if (typeof schema.maxLength === 'number') out.push('x'.repeat(schema.maxLength + 1));
  if (typeof schema.minLength === 'number' && schema.minLength > 0) out.push('');
  if (schema.type === 'integer') out.push('1.5', 'abc');
  if (typeof schema.maximum === 'number') out.push(schema.maximum + 1);
  if (typeof schema.minimum === 'number') out.push(schema.minimum - 1);
  if (typeof schema.pattern === 'string') out.push('!not matching!');
  if (schema.type === 'string' && schema.format === 'email') out.push('not-an-email');
  if (schema.type === 'boolean') out.push('maybe');
  if (schema.type === 'object') out.push('not an object');
  if (schema.type === 'array') out.push({ not: 'an array' });
  if (schema.type === 'string') out.push(12345);
  return out;
}

function badBody(document: OpenApiDocument, schema: Schema, body: unknown, pick: number): unknown {
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const keys = Object.keys(properties);
  const obj =
    body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const required = ((schema.required ?? []) as string[]).filter((k) => k in obj);
  const moves: (() => unknown)[] = [
    () => [body],
    () => 'a string, not an object',
    () => ({ ...obj, unexpectedField: 'surprise' }),
  ];
  for (const key of required)
    moves.push(() => Object.fromEntries(Object.entries(obj).filter(([k]) => k !== key)));
  for (const key of keys) {
    for (const bad of badValues(document, properties[key] ?? {})) moves.push(() => ({ ...obj, [key]: bad }));
  }
  return moves[pick % moves.length]?.();
}

// --- Checking against the document ----------------------------------------------------------------

function schemaChecker(document: OpenApiDocument) {
  const ajv = new Ajv({ strict: false, allErrors: false, coerceTypes: false });
  addFormats(ajv);
  ajv.addFormat('binary', true);
  ajv.addFormat('email', isEmail);
  ajv.addSchema({ $id: 'openapi', components: rebase(document.components) });
  const coercing = new Ajv({ strict: false, coerceTypes: true });
  addFormats(coercing);
  coercing.addFormat('binary', true);
  coercing.addFormat('email', isEmail);
  coercing.addSchema({ $id: 'openapi', components: rebase(document.components) });
  const cache = new Map<Schema, ValidateFunction>();
  const compile = (schema: Schema) => {
    let validate = cache.get(schema);
    if (!validate) {
      validate = ajv.compile(rebase(schema) as Schema);
      cache.set(schema, validate);
    }
    return validate;
  };
  // Path and query values travel as text: checked as one property of an object, coerced as the server does.
  const paramCache = new Map<Schema, ValidateFunction>();
  const compileParam = (schema: Schema) => {
    let validate = paramCache.get(schema);
    if (!validate) {
      validate = coercing.compile({ type: 'object', properties: { v: rebase(schema) } });
      paramCache.set(schema, validate);
    }
    return validate;
  };
  const errorShape = compile({ $ref: '#/components/schemas/ErrorResponse' });

  return {
    requestIsValid(op: Operation, sample: Sample): boolean {
      for (const p of op.parameters ?? []) {
        const value =
          p.in === 'path' ? sample.pathValues[p.name] : p.in === 'query' ? sample.query[p.name] : undefined;
        if (value === undefined) {
          if (p.required) return false;
          continue;
        }
        const holder = { v: typeof value === 'string' ? value : JSON.stringify(value) };
        if (!compileParam(p.schema)(holder)) return false;
      }
      const media = op.requestBody?.content['application/json'];
      if (media?.schema && !compile(media.schema)(sample.body)) return false;
      return true;
    },
    responseMismatch(op: Operation, status: number, headers: Headers, text: string): string | null {
      if (status >= 400 && !this.isErrorShape(text)) return `not the error shape: ${text.slice(0, 120)}`;
      const documented = op.responses[String(status)];
      const schema = documented?.content?.['application/json']?.schema;
      if (!schema || text === '') return null;
      if (!(headers.get('content-type') ?? '').includes('json')) return null;
      const body: unknown = JSON.parse(text);
      const validate = compile(schema);
      if (validate(body)) return null;
      return ajv.errorsText(validate.errors);
    },
    isErrorShape(text: string): boolean {
      try {
        return errorShape(JSON.parse(text));
      } catch {
        return false;
      }
    },
  };
}

/**
 * An OpenAPI 3.0 schema as plain JSON Schema for Ajv: `nullable` becomes a null alternative, and the
 * `#/components/...` references point at the document added to Ajv under the id `openapi`.
 */
function rebase(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rebase);
  if (!value || typeof value !== 'object') return value;
  const { nullable, ...rest } = value as Record<string, unknown>;
  const converted = Object.fromEntries(
    Object.entries(rest).map(([k, v]) => [
      k,
      k === '$ref' && typeof v === 'string' && v.startsWith('#/') ? `openapi${v}` : rebase(v),
    ]),
  );
  return nullable === true ? { anyOf: [converted, { type: 'null' }] } : converted;
}
