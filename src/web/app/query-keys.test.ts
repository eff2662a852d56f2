import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { authKeys } from '../features/auth/api/keys';
import { markSignedOut } from '../features/auth/api/get-session';
import { budgetKeys } from '../features/budget/api/budget-keys';
import { dashboardKeys } from '../features/dashboard/api/get-dashboard';
import { invalidateSummaries, reloadAllData, sharedKeys } from '../lib/query-keys';

/**
 * Every feature's keys hang from the shared roots (ADR 017): these tests hold the invalidations
 * that cross features to the keys the features really use.
 */
const keys = {
  clients: sharedKeys.clients(),
  budget: budgetKeys.clientBudget('c1'),
  dashboard: dashboardKeys.selection('all'),
  session: authKeys.session,
};

function seeded() {
  const queryClient = new QueryClient();
  Object.values(keys).forEach((key) => queryClient.setQueryData(key, 'cached'));
  const invalidated = () =>
    Object.fromEntries(
      Object.entries(keys).map(([name, key]) => [name, queryClient.getQueryState(key)?.isInvalidated]),
    );
  return { queryClient, invalidated };
}

describe('shared query keys', () => {
  it('reloadAllData invalidates the client list, the budgets and the dashboards, not the session', async () => {
    const { queryClient, invalidated } = seeded();
    await reloadAllData(queryClient);
    expect(invalidated()).toEqual({ clients: true, budget: true, dashboard: true, session: false });
  });

  it('invalidateSummaries invalidates the dashboards only', async () => {
    const { queryClient, invalidated } = seeded();
    await invalidateSummaries(queryClient);
    expect(invalidated()).toEqual({ clients: false, budget: false, dashboard: true, session: false });
  });

  it('a sign-out forgets every figure and keeps the session', () => {
    const { queryClient } = seeded();
    markSignedOut(queryClient);
    expect(
      queryClient
        .getQueryCache()
        .getAll()
        .map((q) => q.queryKey),
    ).toEqual([keys.session]);
  });
});
