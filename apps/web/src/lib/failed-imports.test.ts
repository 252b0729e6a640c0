import { describe, expect, it } from 'vitest';
import { answerFailedImports, isFailedImport } from './failed-imports.ts';

describe('a failed import', () => {
  it('is known by each browser’s words', () => {
    expect(
      isFailedImport(new TypeError('Failed to fetch dynamically imported module: http://x/assets/p-1.js')),
    ).toBe(true);
    expect(isFailedImport(new TypeError('error loading dynamically imported module: http://x/a.js'))).toBe(
      true,
    );
    expect(isFailedImport(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isFailedImport(new Error('Unable to preload CSS for /assets/a.css'))).toBe(true);
  });

  it('is not any other error', () => {
    expect(isFailedImport(new TypeError('Failed to fetch'))).toBe(false);
    expect(isFailedImport(new Error('boom'))).toBe(false);
    expect(isFailedImport(undefined)).toBe(false);
  });
});

describe('answering failed imports', () => {
  const rejection = (reason: unknown) => {
    const event = new Event('unhandledrejection', { cancelable: true }) as PromiseRejectionEvent;
    Object.defineProperty(event, 'reason', { value: reason });
    return event;
  };

  it('answers a failed import and leaves any other rejection uncaught, until stopped', () => {
    const target = new EventTarget() as unknown as Window;
    const stop = answerFailedImports(target);
    const failed = rejection(new TypeError('Failed to fetch dynamically imported module: /assets/p-1.js'));
    target.dispatchEvent(failed);
    expect(failed.defaultPrevented).toBe(true);
    const other = rejection(new Error('boom'));
    target.dispatchEvent(other);
    expect(other.defaultPrevented).toBe(false);
    stop();
    const after = rejection(new TypeError('Importing a module script failed.'));
    target.dispatchEvent(after);
    expect(after.defaultPrevented).toBe(false);
  });
});
