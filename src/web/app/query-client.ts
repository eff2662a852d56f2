import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client';

/**
 * The one QueryClient of the app. A 4xx answer will not change on retry (bad input, unknown id),
 * so only network failures and 5xx are retried; mutations are never retried automatically.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: (failureCount, error) => {
          if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
          return failureCount < 2;
        },
      },
      mutations: { retry: false },
    },
  });
}
