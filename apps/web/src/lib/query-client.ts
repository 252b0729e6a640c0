import { onlineManager, QueryClient } from '@tanstack/react-query';
import { isOnline } from './online.ts';
import { isTransientFailure, retryDelayMs } from './retry.ts';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 60_000,
      // A busy, broken or unreachable server is tried again, with backoff; a refusal (4xx) is final.
      retry: (count, error) => isTransientFailure(error) && count < 3,
      retryDelay: retryDelayMs,
      refetchOnWindowFocus: false,
    },
  },
});

// TanStack Query assumes a connection until the browser's next online/offline event: a page opened
// offline would ask the server, fail, and hide the last known state behind the error. It starts
// from what the browser knows instead, so queries wait for the connection.
onlineManager.setOnline(isOnline());
