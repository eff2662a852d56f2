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
  const only = (...names: (keyof typeof keys)[]) =>
    Object.fromEntries(Object.keys(keys).map((name) => [name, names.includes(name as keyof typeof keys)]));
  it.each([
    // Everything but the session: the years, the client lists, the budgets, the dashboards, the history.
    ['reloadAllData', reloadAllData, only('years', 'clients', 'budget', 'dashboard', 'history')],
    // A client's figures, name or forecast changed: the dashboards, and the history (the change made an entry).
    ['invalidateSummaries', invalidateSummaries, only('dashboard', 'history')],
    ['invalidateHistory', invalidateHistory, only('history')],
  ] as const)('%s invalidates what it names, nothing else', async (_name, invalidate, expected) => {
    const { queryClient, invalidated } = seeded();
    await invalidate(queryClient);
    expect(invalidated()).toEqual(expected);
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
