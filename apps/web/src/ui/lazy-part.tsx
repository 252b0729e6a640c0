import { IonButton } from '@ionic/react';
import { type ComponentType, lazy, useEffect, useSyncExternalStore } from 'react';
import { OFFLINE_MESSAGE, useOnline } from '../lib/online.ts';
import { startUpTask } from '../lib/start-up-tasks.ts';

/**
 * A part of a page whose code loads on demand (a competition's card, the live panel, a banner).
 * Code that cannot be fetched (offline, before the part was ever shown) must not throw into React,
 * which would take the whole app down to a blank page: the part says so in its place (or, `quiet`,
 * shows nothing) and loads by itself when the connection comes back, or when tried again.
 */
export function lazyPart<P extends object>(
  load: () => Promise<ComponentType<P>>,
  { quiet = false }: { quiet?: boolean } = {},
): ComponentType<P> {
  let version = 0;
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  const retry = () => {
    Part = make();
    version++;
    for (const listener of [...listeners]) listener();
  };
  const make = () =>
    lazy(async (): Promise<{ default: ComponentType<P> }> => {
      try {
        // While the app starts, in a task of its own, as a lazy page's (app/lazy-page.tsx): not in the rendering task.
        await startUpTask();
        return { default: await load() };
      } catch {
        return { default: Failed };
      }
    });
  // Both made once per part, at module level, never during render.
  // biome-ignore lint/correctness/noComponentHookFactories: a module-level component of the part
  function Failed() {
    return <PartLoadFailure onRetry={retry} quiet={quiet} />;
  }
  let Part = make();
  // biome-ignore lint/correctness/noComponentHookFactories: a module-level lazy component
  function LazyPart(props: P) {
    useSyncExternalStore(
      subscribe,
      () => version,
      () => version,
    );
    return <Part {...props} />;
  }
  return LazyPart;
}

function PartLoadFailure({ onRetry, quiet }: { onRetry(): void; quiet: boolean }) {
  const online = useOnline();
  useEffect(() => {
    if (online) return;
    window.addEventListener('online', onRetry, { once: true });
    return () => window.removeEventListener('online', onRetry);
  }, [online, onRetry]);
  if (quiet) return null;
  return (
    <p className="muted small" role="status" data-testid="part-load-failure">
      {online ? (
        <>
          This part of the page could not be loaded.{' '}
          <IonButton size="small" fill="clear" onClick={onRetry}>
            Try again
          </IonButton>
        </>
      ) : (
        `${OFFLINE_MESSAGE} This part of the page loads when you are back online.`
      )}
    </p>
  );
}
