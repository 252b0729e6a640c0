import { DEFAULT_STORE_URLS } from '@lastman/api/native-app';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

describe('client config: store links for the update prompt', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite', {
      env: {
        EXPECTED_APP_VERSION_CODE: '7',
        IOS_APP_STORE_URL: 'https://apps.apple.com/gb/app/lastman/id1234567890',
      },
    });
  });
  afterAll(() => server?.close());

  it('GET /api/config gives the expected version code and both store pages', async () => {
    const res = await server.client().get('/api/config');
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      expectedVersionCode: 7,
      iosAppStoreUrl: 'https://apps.apple.com/gb/app/lastman/id1234567890',
      androidPlayStoreUrl: 'https://play.google.com/store/apps/details?id=uk.lastman.app',
    });
  });

  it('defaults: the Play Store page of the app id, an App Store search for the app name', () => {
    const c = loadConfig({ NODE_ENV: 'test' });
    expect(c.ANDROID_PLAY_STORE_URL).toBe('https://play.google.com/store/apps/details?id=uk.lastman.app');
    expect(c.IOS_APP_STORE_URL).toBe(DEFAULT_STORE_URLS.ios);
    expect(new URL(c.IOS_APP_STORE_URL).searchParams.get('term')).toBe('Lastman');
  });

  it('a store link that is not a URL stops start-up, naming the variable', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', IOS_APP_STORE_URL: 'id123' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'test', ANDROID_PLAY_STORE_URL: 'nope' })).toThrow(
      /ANDROID_PLAY_STORE_URL/,
    );
  });
});
