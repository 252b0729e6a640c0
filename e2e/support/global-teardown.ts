import { execFileSync } from 'node:child_process';

/** Drops the run's PostgreSQL database, which the test server made (e2e/support/serve.ts). */
export default function globalTeardown() {
  const port = process.env.E2E_PORT;
  if (port) execFileSync(process.execPath, ['e2e/support/database.cjs', 'drop', port], { stdio: 'inherit' });
}
