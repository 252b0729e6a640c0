import type { LiveEvent } from '@lastman/api';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('./api.ts', () => ({ nativeApiOrigin: 'https://lastman.test' }));
vi.mock('./platform.ts', () => ({ isNative: () => false }));

/** The browser's EventSource as far as this module uses it: the test decides how each one fares. */
class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static made: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  private readonly listeners = new Map<string, ((e: unknown) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.made.push(this);
  }
  addEventListener(type: string, fn: (e: unknown) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  /** As a browser does when the answer is not a 200 stream (a 503): closed for good, one error. */
  refuse() {
    this.readyState = FakeEventSource.CLOSED;
    for (const fn of this.listeners.get('error') ?? []) fn(new Event('error'));
  }
  accept() {
    this.readyState = FakeEventSource.OPEN;
    for (const fn of this.listeners.get('open') ?? []) fn(new Event('open'));
  }
}

describe('the live stream, refused by the server', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeEventSource.made = [];
    vi.stubGlobal('EventSource', FakeEventSource);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('polls (a resync for the screens) until the stream is taken again, then stops', async () => {
    const { listenToLiveEvents, POLL_WHILE_REFUSED_MS, REOPEN_AFTER_MS } = await import('./live-events.ts');
    const heard: LiveEvent[] = [];
    const stop = listenToLiveEvents((e) => heard.push(e));
    expect(FakeEventSource.made).toHaveLength(1);
    FakeEventSource.made[0]?.refuse();

    vi.advanceTimersByTime(POLL_WHILE_REFUSED_MS);
    expect(heard).toEqual([{ type: 'resync' }]);
    // After the server's Retry-After the stream is asked for again; refused again, the polling goes on.
    vi.advanceTimersByTime(REOPEN_AFTER_MS - POLL_WHILE_REFUSED_MS);
    expect(FakeEventSource.made).toHaveLength(2);
    FakeEventSource.made[1]?.refuse();
    vi.advanceTimersByTime(POLL_WHILE_REFUSED_MS);
    expect(heard).toHaveLength(2);
    vi.advanceTimersByTime(REOPEN_AFTER_MS);
    expect(FakeEventSource.made).toHaveLength(3);
    FakeEventSource.made[2]?.accept();
    const before = heard.length;
    vi.advanceTimersByTime(POLL_WHILE_REFUSED_MS * 5);
    expect(heard).toHaveLength(before);
    stop();
  });

  it('stops polling when the last screen stops listening', async () => {
    const { listenToLiveEvents, POLL_WHILE_REFUSED_MS } = await import('./live-events.ts');
    const heard: LiveEvent[] = [];
    const stop = listenToLiveEvents((e) => heard.push(e), '/api/live?second');
    FakeEventSource.made[0]?.refuse();
    stop();
    vi.advanceTimersByTime(POLL_WHILE_REFUSED_MS * 5);
    expect(heard).toEqual([]);
    expect(FakeEventSource.made).toHaveLength(1);
  });
});
