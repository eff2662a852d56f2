import type { QueryClient } from '@tanstack/react-query';

/**
 * The query keys several features share (docs/style.md#server-data-in-the-browser: each feature keeps its own factory and roots
 * it here). A feature never imports another one, so what one feature must refresh in another
 * (the dashboards after a client's forecast changes) is named here, not in that feature.
 * Every key of a year's data holds that year (docs/product.md#budget-years), so switching the
 * exercice never shows another year's figures from the cache.
 */
export const sharedKeys = {
  /**
   * Root of every query holding server data (clients, budgets, dashboards, years); only the
   * session lives outside it, so a sign-out can drop every figure and keep the session.
   */
  data: ['data'] as const,
  /** The years holding data (GET /api/years): the header's 'Exercice' select. */
  years: () => [...sharedKeys.data, 'years'] as const,
  /** The client lists, every year. */
  allClients: () => [...sharedKeys.data, 'clients'] as const,
  /**
   * The client list of one year (GET /api/clients?year=, that year's forecasts): one cache entry
   * per year for the budget tab, the dashboards and the restore.
   */
  clients: (year: number) => [...sharedKeys.allClients(), year] as const,
  /** Views that sum every client (the dashboards): stale after any change of a client's figures, name or forecast. */
  summaries: () => [...sharedKeys.data, 'summaries'] as const,
  /**
   * The change history (docs/product.md#history): the undo stack, the lists of entries. Every
   * change makes an entry, so a feature that changes data refreshes these too; the budget feature
   * builds its keys (with the year) below this root.
   */
  history: () => [...sharedKeys.data, 'history'] as const,
  /** The closed months of a year (GET /api/years/:year/locks, docs/product.md#month-closing). */
  locks: (year: number) => [...sharedKeys.data, 'locks', year] as const,
  /** The frozen versions of a year (docs/product.md#versions-and-landing). */
  versions: (year: number) => [...sharedKeys.data, 'versions', year] as const,
  /** The sign-off status of each client of a year (docs/product.md#sign-off): a validation also freezes a version. */
  signoff: (year: number) => [...sharedKeys.data, 'signoff', year] as const,
  /** The agency's settings (GET /api/settings, docs/product.md#fiscal-years): the fiscal year every month is named by. */
  settings: () => [...sharedKeys.data, 'settings'] as const,
  /** What the caller may do (GET /api/access, docs/product.md#roles): under `data`, so 'Voir en tant que…' reloads it. */
  access: () => [...sharedKeys.data, 'access'] as const,
};

/**
 * docs/product.md#reload-after-change: after adding or deleting a client (or a pole, a line, a restore, a roll forward), that client's data and
 * every client's data reload, every year and the list of years included: the active queries
 * refetch, the others (dashboards, other years) are marked stale.
 */
export function reloadAllData(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: sharedKeys.data });
}

/**
 * A client's figures, name or forecast changed: the dashboards are stale, the open budget is not;
 * the change made a history entry, so the history is stale too.
 */
export function invalidateSummaries(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: sharedKeys.summaries() }),
    invalidateHistory(queryClient),
  ]);
}

/** A change was stored (it made a history entry): the undo stack and the history lists reload. */
export function invalidateHistory(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: sharedKeys.history() });
}
