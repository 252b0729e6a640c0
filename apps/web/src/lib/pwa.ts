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

/**
 * Registers the service worker (vite-plugin-pwa's generated /sw.js) once the app is idle, and offers
 * a new version when one is waiting: `reload` tells it to take over (the worker skips waiting on
 * the SKIP_WAITING message) and reloads the page once it has. The same steps as workbox-window's
 * registerSW in "prompt" mode, without its 2.7 KB on the first page.
 */
export function registerServiceWorker(onNeedRefresh: (reload: () => Promise<void>) => void): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  whenIdle(() => void register(onNeedRefresh).catch(() => undefined));
}

async function register(onNeedRefresh: (reload: () => Promise<void>) => void): Promise<void> {
  const workers = navigator.serviceWorker;
  const registration = await workers.register('/sw.js', { scope: '/' });
  const offer = (waiting: ServiceWorker) =>
    onNeedRefresh(async () => {
      workers.addEventListener('controllerchange', () => window.location.reload(), { once: true });
      waiting.postMessage({ type: 'SKIP_WAITING' });
    });
  // Only an update waits with a page controlled by the old worker; a first install does not prompt.
  if (registration.waiting && workers.controller) offer(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed' && workers.controller) offer(installing);
    });
  });
}
