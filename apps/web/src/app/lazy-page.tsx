import { IonPage } from '@ionic/react';
import { type ComponentType, lazy, Suspense } from 'react';
import { RouteTitle } from '../ui/page-header.tsx';
import { PageLoading } from '../ui/page-loading.tsx';
import type { Access } from './access.ts';
import { Guard } from './guard.tsx';

/**
 * Wraps a route's page, loaded on demand, in the IonPage the outlet animates. The page itself
 * renders its header and content (the header's title comes from the route table through
 * `RouteTitle`); the guard applies the route's access rule.
 */
export function lazyPage(load: () => Promise<ComponentType>, access: Access, title: string) {
  const Page = lazy(async () => ({ default: await load() }));
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
