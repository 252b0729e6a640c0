import { QueryClient } from '@tanstack/react-query';
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
