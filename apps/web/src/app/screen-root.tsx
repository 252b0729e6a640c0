import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { lazyPart } from '../ui/lazy-part.tsx';

/** `/c/<club>/screen`: the pub's TV, outside the app's shell (no menu, no tabs, no sign-in). */
export const SCREEN_PATH = /^\/c\/([a-z0-9-]{1,100})\/screen\/?$/i;

export function screenSlugOf(pathname: string): string | null {
  return SCREEN_PATH.exec(pathname)?.[1]?.toLowerCase() ?? null;
}

const ScreenRoute = lazyPart(
  async () => (await import('../domains/game/screens/screen-page.tsx')).ScreenRoute,
);

/**
 * The TV's own small tree: its own query cache (one entry, refreshed for a whole match day), none
 * of the app's session, notifications or update checks.
 */
export function ScreenRoot({ slug, search }: { slug: string; search: string }) {
  const [client] = useState(
    () =>
      new QueryClient({
        defaultOptions: { queries: { networkMode: 'always', refetchOnWindowFocus: false } },
      }),
  );
  return (
    <QueryClientProvider client={client}>
      <Suspense fallback={null}>
        <ScreenRoute slug={slug} search={search} />
      </Suspense>
    </QueryClientProvider>
  );
}
