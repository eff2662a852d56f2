import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { authKeys } from '../features/auth/api/keys';
import { markSignedOut } from '../features/auth/api/get-session';
import { budgetKeys, historyKeys } from '../features/budget/api/budget-keys';
import { dashboardKeys } from '../features/dashboard/api/get-dashboard';
import { invalidateHistory, invalidateSummaries, reloadAllData, sharedKeys } from '../lib/query-keys';

/**
 * Every feature's keys hang from the shared roots (ADR 017): these tests hold the invalidations
 * that cross features to the keys the features really use.
 */
const keys = {
  years: sharedKeys.years(),
  clients: sharedKeys.clients(2026),
  budget: budgetKeys.clientBudget(2026, 'c1'),
  dashboard: dashboardKeys.selection(2026, 'all'),
  history: historyKeys.stack(2026, 'c1'),
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
  it('reloadAllData invalidates the years, the client list, the budgets, the dashboards and the history, not the session', async () => {
    const { queryClient, invalidated } = seeded();
    await reloadAllData(queryClient);
    expect(invalidated()).toEqual({
      years: true,
      clients: true,
      budget: true,
      dashboard: true,
      history: true,
      session: false,
    });
  });

  it('invalidateSummaries invalidates the dashboards and the history (the change made an entry) only', async () => {
    const { queryClient, invalidated } = seeded();
    await invalidateSummaries(queryClient);
    expect(invalidated()).toEqual({
      years: false,
      clients: false,
      budget: false,
      dashboard: true,
      history: true,
      session: false,
    });
  });

  it('invalidateHistory invalidates the history only', async () => {
    const { queryClient, invalidated } = seeded();
    await invalidateHistory(queryClient);
    expect(invalidated()).toEqual({
      years: false,
      clients: false,
      budget: false,
      dashboard: false,
      history: true,
      session: false,
    });
  });

  // docs/product.md#budget-years: switching the exercice must never show another year's figures from the cache.
  it.each([
    ['clients', (year: number) => sharedKeys.clients(year)],
    ['budget', (year: number) => budgetKeys.clientBudget(year, 'c1')],
    ['dashboard', (year: number) => dashboardKeys.selection(year, 'all')],
    ['undo stack', (year: number) => historyKeys.stack(year, 'c1')],
    ['history', (year: number) => historyKeys.entries({ year, clientId: 'c1' })],
  ])('the %s of one year is not another year’s cache entry', (_name, key) => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(key(2026), 'figures of 2026');
    expect(queryClient.getQueryData(key(2027))).toBeUndefined();
    expect(queryClient.getQueryData(key(2026))).toBe('figures of 2026');
    expect(key(2027).slice(0, sharedKeys.data.length)).toEqual(sharedKeys.data);
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
