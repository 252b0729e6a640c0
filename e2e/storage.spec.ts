import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { build } from 'esbuild';
import { expect, test } from './support/fixtures.ts';

/**
 * The storage module's two back-ends, run in Chromium: IndexedDB (the browser's), and the device's
 * SQLite path (capacitor-sqlite-driver + sqlite-store) through @capacitor-community/sqlite's web
 * implementation, jeep-sqlite (SQLite compiled to wasm). The modules are bundled from source here
 * and served from a test-only path the browser intercepts; the app's build is not involved.
 */

const BASE = '/__storage-test';

let bundle: Promise<string> | undefined;
function harnessBundle(): Promise<string> {
  bundle ??= build({
    entryPoints: [fileURLToPath(new URL('./support/storage-harness.ts', import.meta.url))],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    logLevel: 'silent',
  }).then((result) => {
    const file = result.outputFiles[0];
    if (!file) throw new Error('esbuild produced no output for the storage harness');
    return file.text;
  });
  return bundle;
}

/**
 * jeep-sqlite 2.8.0 carries its own copy of sql.js's loader, built for the `sql-wasm.wasm` of
 * sql.js 1.11/1.12 (later releases' wasm does not link to it); apps/web pins sql.js 1.12.0 for it.
 */
const wasmFile = createRequire(new URL('../apps/web/package.json', import.meta.url)).resolve(
  'sql.js/dist/sql-wasm.wasm',
);

async function openHarness(page: Page) {
  const script = await harnessBundle();
  await page.route(`**${BASE}/**`, async (route) => {
    const { pathname } = new URL(route.request().url());
    if (pathname === `${BASE}/harness.js`) {
      await route.fulfill({ contentType: 'text/javascript', body: script });
    } else if (pathname === `${BASE}/assets/sql-wasm.wasm`) {
      await route.fulfill({ contentType: 'application/wasm', body: readFileSync(wasmFile) });
    } else {
      await route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><html lang="en"><head><title>storage</title><script type="module" src="${BASE}/harness.js"></script></head><body></body></html>`,
      });
    }
  });
  await page.goto(`${BASE}/`);
  await page.waitForFunction(() => 'storageHarness' in window);
}

test.describe('IndexedDB back-end', () => {
  test('set, get and remove by key; a missing key reads ""', async ({ page }) => {
    await openHarness(page);
    const result = await page.evaluate(async () => {
      const store = window.storageHarness.createIndexedDbStore();
      const missing = await store.get('username');
      await store.set('username', 'Ada');
      await store.set('hasLoggedIn', 'true');
      await store.set('username', 'Grace');
      const updated = await store.get('username');
      await store.remove('hasLoggedIn');
      const removed = await store.get('hasLoggedIn');
      const kept = await store.get('username');
      // A second store on the same database (as after a reload) reads what the first wrote.
      const reopened = await window.storageHarness.createIndexedDbStore().get('username');
      return { missing, updated, removed, kept, reopened };
    });
    expect(result).toEqual({ missing: '', updated: 'Grace', removed: '', kept: 'Grace', reopened: 'Grace' });
  });

  test('a read failure rejects with a clear message', async ({ page }) => {
    await openHarness(page);
    // A database of that name at version 1 without the `datalist` store: every read fails.
    const message = await page.evaluate(async () => {
      await new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('broken', 1);
        open.onupgradeneeded = () => open.result.createObjectStore('other');
        open.onsuccess = () => {
          open.result.close();
          resolve();
        };
        open.onerror = () => reject(open.error);
      });
      const store = window.storageHarness.createIndexedDbStore(indexedDB, 'broken');
      return store.get('username').then(
        () => 'resolved',
        (error: Error) => `${error.name}: ${error.message}`,
      );
    });
    expect(message).toMatch(/^StorageError: Could not read "username" in local storage: .+/);
    expect(message).toContain('object stores was not found');
  });
});

test.describe('SQLite back-end through jeep-sqlite', () => {
  test('data.db / datalist: insert, update in place, delete by key; a missing key reads ""', async ({
    page,
  }) => {
    await openHarness(page);
    const result = await page.evaluate(async () => {
      const h = window.storageHarness;
      const store = await h.openJeepSqliteStore(`${location.origin}/__storage-test/assets`);
      const missing = await store.get('username');
      await store.set('username', 'Ada');
      await store.set('userid', 'u1');
      await store.set('username', 'Grace');
      const updated = await store.get('username');
      await store.remove('userid');
      const removed = await store.get('userid');
      return { missing, updated, removed, table: await h.sqliteTable() };
    });
    expect(result.missing).toBe('');
    expect(result.updated).toBe('Grace');
    expect(result.removed).toBe('');
    expect(result.table.columns).toEqual([
      ['key', 'TEXT'],
      ['value', 'TEXT'],
    ]);
    expect(result.table.rows).toEqual([{ key: 'username', value: 'Grace' }]);
  });

  test('a read failure rejects with a clear message', async ({ page }) => {
    await openHarness(page);
    const message = await page.evaluate(async () => {
      const h = window.storageHarness;
      const store = await h.openJeepSqliteStore(`${location.origin}/__storage-test/assets`);
      await store.set('username', 'Ada');
      await h.closeSqlite();
      return store.get('username').then(
        () => 'resolved',
        (error: Error) => `${error.name}: ${error.message}`,
      );
    });
    expect(message).toMatch(/^StorageError: Could not read "username" in local storage: .+/);
  });
});
