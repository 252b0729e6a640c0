/**
 * A spec's own server on a clock it moves (e2e/support/clock-server.ts): the production server's
 * clock is the system's and cannot be moved. Forked next to the main test server's port, at an
 * offset per spec and one per worker, on the build the main test server serves.
 */
import { fork } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export function clockServerURL(offset: number): string {
  const port =
    Number(process.env.E2E_PORT ?? '39000') + offset + Number(process.env.TEST_PARALLEL_INDEX ?? '0');
  return `http://localhost:${port}`;
}

export interface ClockServer {
  /** Moves the server's clock; resolves once its settlement pass at that time has run. */
  setClock(to: number): Promise<void>;
  stop(): void;
}

export function startClockServer(baseURL: string, name: string): Promise<ClockServer> {
  const child = fork(resolve('e2e/support/clock-server.ts'), [], {
    execPath: resolve('node_modules/.bin/node'),
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    env: {
      ...process.env,
      PORT: new URL(baseURL).port,
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(join(tmpdir(), `lastman-e2e-${name}-`)),
      ...(process.env.E2E_WEB_DIST ? { WEB_DIST: process.env.E2E_WEB_DIST } : {}),
      PUBLIC_URL: baseURL,
      RATE_LIMIT_ENABLED: 'false',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
    },
  });
  const server: ClockServer = {
    setClock: (to) =>
      new Promise((ok) => {
        child.once('message', () => ok());
        child.send({ type: 'set', to: new Date(to).toISOString() });
      }),
    stop: () => child.kill('SIGTERM'),
  };
  return new Promise((ok, fail) => {
    child.once('message', () => ok(server));
    child.once('exit', (code) => fail(new Error(`clock server exited with ${code}`)));
  });
}
