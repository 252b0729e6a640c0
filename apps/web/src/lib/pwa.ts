export const SW_REGISTER_TIMEOUT_MS = 30_000;

/**
 * Registers the service worker once the app is idle after its first render, or after 30 s at the
 * latest (the original's "registerWhenStable:30000").
 */
export function whenIdle(run: () => void, timeoutMs = SW_REGISTER_TIMEOUT_MS): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    run();
  };
  setTimeout(once, timeoutMs);
  if ('requestIdleCallback' in window) window.requestIdleCallback(once, { timeout: timeoutMs });
  else setTimeout(once, 2000);
}

export function registerServiceWorker(onNeedRefresh: (reload: () => Promise<void>) => void): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  whenIdle(() => {
    void import('virtual:pwa-register').then(({ registerSW }) => {
      const update = registerSW({
        immediate: true,
        onNeedRefresh: () => onNeedRefresh(() => update(true)),
      });
    });
  });
}
