import { QueryClient } from '@tanstack/react-query';
import { isClientError } from './api-error';

/** Retries only what may succeed next time: network trouble and 5xx, twice at most. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  return !isClientError(error) && failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        // Community data changes over hours, not seconds: 30 s spares the refetch on every
        // back-navigation while a pull or a focus still brings fresh data.
        staleTime: 30_000,
      },
      // A repeated POST could register or vote twice; the user retries by tapping again.
      mutations: { retry: false },
    },
  });
}
