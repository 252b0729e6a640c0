import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { ensureClub } from '../apps/server/src/domains/club/service.ts';
import { createTestClock } from '../apps/server/src/lib/clock.ts';
import { seedDemo } from '../apps/server/src/seed/demo.ts';
import { freePort } from '../apps/server/test/support/free-port.ts';
import {
  demoFuzzSetup,
  RULES_BEYOND_SCHEMA,
  TABLES_ALLOWED_TO_CHANGE,
  UNDOCUMENTED_METHODS,
} from '../apps/server/test/support/fuzz-setup.ts';
import { httpClient } from '../apps/server/test/support/http-client.ts';
import {
  describeFindings,
  FINDING_KINDS,
  findingsByKind,
  fuzzOpenApi,
  type OpenApiDocument,
} from '../apps/server/test/support/openapi-fuzz.ts';
import { benchDatabase } from './pg-bench-db.ts';
import type { Benchmark, Figure } from './timing.ts';

const CASES = Number(process.env.FUZZ_CASES ?? 100);
// NUL and other control characters in strings: FUZZ_CONTROL=0 leaves them out.
const CONTROL_CHARACTERS = process.env.FUZZ_CONTROL !== '0';
const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));

/**
 * The suite's fuzz test at length: many more generated requests per operation of the OpenAPI
 * document, against the real server on PostgreSQL with the demo club, as anonymous, player and admin.
 * FUZZ_CASES sets the valid and the invalid requests per operation, FUZZ_SEED repeats a run, FUZZ_CONTROL=0
 * leaves control characters out of strings.
 */
export const fuzzBenchmark: Benchmark = {
  name: 'fuzz',
  description: `requests generated from /api/openapi.json, ${CASES} valid and ${CASES} invalid per operation (seed ${SEED})`,
  async run(): Promise<Figure[]> {
    const { database, url, drop } = await benchDatabase('fuzz');
    const port = await freePort();
    const config = loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: url,
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'silent',
      WEB_DIST: '/nonexistent',
      RATE_LIMIT_SCALE: '1000',
    });
    const app = await buildApp({ config, database, clock: createTestClock(new Date()), logger: false });
    try {
      await seedDemo(database.db, app.services.auth);
      await ensureClub(database.db, config.DEFAULT_CLUB);
      await app.listen({ port, host: '127.0.0.1' });
      const baseUrl = `http://127.0.0.1:${port}`;
      const document = (await httpClient(baseUrl).get('/api/openapi.json')).json as OpenApiDocument;
      const { callers, realIds, countRows } = await demoFuzzSetup(database.db, baseUrl);
      const started = performance.now();
      const report = await fuzzOpenApi({
        document,
        baseUrl,
        callers,
        realIds,
        validPerOperation: CASES,
        invalidPerOperation: CASES,
        seed: SEED,
        countRows,
        tablesAllowedToChange: TABLES_ALLOWED_TO_CHANGE,
        controlCharacters: CONTROL_CHARACTERS,
        rulesBeyondSchema: RULES_BEYOND_SCHEMA,
        undocumentedMethods: UNDOCUMENTED_METHODS,
        onOperation: (operation, requests, ms) =>
          process.env.FUZZ_VERBOSE &&
          console.log(`  ${operation}: ${requests} requests, ${ms.toFixed(0)} ms`),
      });
      const elapsed = performance.now() - started;
      if (report.findings.length > 0) console.log(describeFindings(report.findings));
      const byKind = findingsByKind(report.findings);
      // A place: one operation, one kind of finding, one status (as the probe counted them).
      const places = new Set(
        report.findings.map((f) => `${f.kind}|${f.operation}|${f.detail.split(/[ ,:]/)[0]}`),
      );
      const placesOf = (kind: string) => [...places].filter((p) => p.startsWith(`${kind}|`)).length;
      return [
        { label: 'requests', ms: report.requests, unit: 'count' },
        ...Object.entries(report.byCaller).map(([caller, n]) => ({
          label: `requests as ${caller}`,
          ms: n,
          unit: 'count' as const,
        })),
        { label: 'requests per second', ms: (report.requests / elapsed) * 1000, unit: 'per s' },
        { label: 'findings', ms: report.findings.length, unit: 'count' },
        ...FINDING_KINDS.map((kind) => ({
          label: `findings: ${kind}`,
          ms: byKind[kind],
          unit: 'count' as const,
        })),
        ...FINDING_KINDS.map((kind) => ({
          label: `places: ${kind}`,
          ms: placesOf(kind),
          unit: 'count' as const,
        })),
      ];
    } finally {
      await app.close();
      await drop();
    }
  },
};
