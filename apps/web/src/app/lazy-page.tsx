import { IonPage } from '@ionic/react';
import { type ComponentType, lazy, Suspense } from 'react';
import { startUpTask } from '../lib/start-up-tasks.ts';
import { RouteTitle } from '../ui/page-header.tsx';
import { PageLoading } from '../ui/page-loading.tsx';
import type { Access } from './access.ts';
import { Guard } from './guard.tsx';
import { PageLoadFailure } from './page-load-failure.tsx';

/**
 * Wraps a route's page, loaded on demand, in the IonPage the outlet animates. The page itself
 * renders its header and content (the header's title comes from the route table through
 * `RouteTitle`); the guard applies the route's access rule.
 *
 * Code that cannot be fetched (offline, on a first visit) becomes a page that says so: the failure
 * is answered inside the loader, because an error thrown while Ionic's outlet commits a page leaves
 * it blank.
 */
export function lazyPage(load: () => Promise<ComponentType>, access: Access, title: string) {
  const loader = () =>
    lazy(async (): Promise<{ default: ComponentType }> => {
      try {
        // While the app starts, the import starts in a task of its own: Vite's preload of the page's chunks (a link
        // element per chunk) cost the rendering task 20-80 ms on Lighthouse's phone.
        await startUpTask();
        return { default: await load() };
      } catch {
        // The next visit fetches anew; this one says why it cannot open.
        Page = loader();
        return { default: PageLoadFailure };
      }
    });
  let Page = loader();
  // Called once per route when the route table is built, never during render.
  // biome-ignore lint/correctness/noComponentHookFactories: a route table entry's page component
  function LazyPage() {
    return (
      <IonPage>
        <RouteTitle value={title}>
          <Suspense fallback={<PageLoading />}>
            <Guard access={access}>
              <Page />
            </Guard>
          </Suspense>
        </RouteTitle>
      </IonPage>
    );
  }
  return LazyPage;
}
