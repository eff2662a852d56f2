import { QueryClient, notifyManager } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client';

// TanStack Query tells components about cache changes in a setTimeout(0) by default, so a value
// typed in the budget grid painted in one frame and the totals it changes in the next (measured
// with bench/typing-latency.bench.ts). A microtask delivers them in the same task as the keystroke.
notifyManager.setScheduler(queueMicrotask);

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
