import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  demoFuzzSetup,
  RULES_BEYOND_SCHEMA,
  TABLES_ALLOWED_TO_CHANGE,
  UNDOCUMENTED_METHODS,
} from '../support/fuzz-setup.ts';
import {
  describeFindings,
  type FuzzReport,
  fuzzOpenApi,
  type OpenApiDocument,
} from '../support/openapi-fuzz.ts';
import { backends, startTestServer, type TestServer } from '../support/test-server.ts';

// A fixed seed keeps the suite repeatable; FUZZ_SEED explores other requests (`npm run bench -- fuzz`
// runs many more of them). Each database gets its own seed and its share of the requests: together
// they send as many as one database would alone, and twice as varied.
const SEED = Number(process.env.FUZZ_SEED ?? 9);
const DATABASES = backends();
const SHARE = 6 / DATABASES.length;

describe.each(DATABASES)('requests generated from the OpenAPI document (%s)', (backend) => {
  let server: TestServer;
  let report: FuzzReport;

  beforeAll(async () => {
    // A web build of one page, so that a redirect to the app (a verification link's) lands on a page.
    const web = mkdtempSync(path.join(tmpdir(), 'lastman-fuzz-web-'));
    writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>Lastman</title>');
    // No demo match day: it would change the demo's tables in the background while requests are checked.
    server = await startTestServer(backend, { seed: true, env: { WEB_DIST: web, LIVE_DEMO: 'false' } });
    const document = (await server.client().get('/api/openapi.json')).json as OpenApiDocument;
    const { callers, realIds, countRows } = await demoFuzzSetup(server.db, server.baseUrl);
    report = await fuzzOpenApi({
      document,
      baseUrl: server.baseUrl,
      callers,
      realIds,
      validPerOperation: Math.ceil(SHARE),
      invalidPerOperation: Math.ceil(SHARE),
      rowCheckEvery: 2,
      // NUL and other control characters in strings, ids and paths, as in the long run.
      controlCharacters: true,
      seed: SEED + DATABASES.indexOf(backend),
      countRows,
      tablesAllowedToChange: TABLES_ALLOWED_TO_CHANGE,
      rulesBeyondSchema: RULES_BEYOND_SCHEMA,
      undocumentedMethods: UNDOCUMENTED_METHODS,
      onOperation: (operation, requests, ms) => {
        if (process.env.FUZZ_VERBOSE) console.log(`${operation}: ${requests} requests, ${ms.toFixed(0)} ms`);
      },
    });
    if (process.env.FUZZ_REPORT_FILE) {
      writeFileSync(`${process.env.FUZZ_REPORT_FILE}.${backend}.json`, JSON.stringify(report, null, 1));
    }
  }, 600_000);
  afterAll(() => server?.close());

  it('reaches every operation as anonymous, players, staff and admins', () => {
    expect(report.requests).toBeGreaterThan(500);
    expect(Object.keys(report.byCaller).sort()).toEqual([
      'admin',
      'admin of another club',
      'anonymous',
      'player',
      'player by bearer token',
      'staff',
    ]);
  });

  it('refuses a path the router cannot read with a 400 in the error shape', async () => {
    const res = await server.client().get('/api/competitions/%E0%A4%A/rounds/1/fixtures');
    expect(res.status).toBe(400);
    expect(res.json.error).toMatchObject({ code: 'BAD_REQUEST', message: expect.stringMatching(/%-escape/) });
  });

  it('agrees with the document: no 5xx, statuses, content types and bodies documented, 405s, input checked as described', () => {
    expect(report.findings, `seed ${report.seed}\n${describeFindings(report.findings)}`).toEqual([]);
  });
});
