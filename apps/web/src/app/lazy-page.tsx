import { IonPage } from '@ionic/react';
import { type ComponentType, lazy, Suspense } from 'react';
import { PageLoading } from '../ui/page-loading.tsx';
import type { Access } from './access.ts';
import { Guard } from './guard.tsx';

/**
 * Wraps a route's page, loaded on demand, in the IonPage the outlet animates. The page itself
 * renders its header and content; the guard applies the route's access rule.
 */
export function lazyPage(load: () => Promise<ComponentType>, access: Access = 'public') {
  const Page = lazy(async () => ({ default: await load() }));
  // Called once per route when the route table is built, never during render.
  // biome-ignore lint/correctness/noComponentHookFactories: a route table entry's page component
  function LazyPage() {
    return (
      <IonPage>
        <Suspense fallback={<PageLoading />}>
          <Guard access={access}>
            <Page />
          </Guard>
        </Suspense>
      </IonPage>
    );
  }
  return LazyPage;
}
