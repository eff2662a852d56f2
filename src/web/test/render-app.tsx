import { render } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { readYear } from '../hooks/use-year';
import { AppProviders } from '../app/providers';
import { AppRoutes } from '../app/router';
import { sharedKeys } from '../lib/query-keys';

/**
 * Renders the whole app (providers and real routes) at `path`, with a fresh, non-retrying query
 * cache. There is no server in jsdom: the data the shell's first screen loads (the budget tab's
 * client list of the selected year, the header's years) is seeded empty and never refetched, so
 * these tests exercise the shell only.
 */
export function renderApp(path = '/') {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  });
  queryClient.setQueryData(sharedKeys.clients(readYear()), []);
  queryClient.setQueryData(sharedKeys.years(), []);
  window.history.replaceState(null, '', path);
  const result = render(
    <AppProviders queryClient={queryClient}>
      <AppRoutes />
    </AppProviders>,
  );
  return { ...result, queryClient };
}
