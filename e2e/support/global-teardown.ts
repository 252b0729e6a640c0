import { execFileSync } from 'node:child_process';

/** Drops the run's PostgreSQL database (playwright.config.ts made it). */
export default function globalTeardown() {
  const url = process.env.E2E_DATABASE_URL;
  if (url) execFileSync(process.execPath, ['e2e/support/database.cjs', 'drop', url], { stdio: 'inherit' });
}
