import type { QueryClient } from '@tanstack/react-query';

/**
 * The query keys several features share (STYLE.md: each feature keeps its own factory and roots
 * it here). A feature never imports another one, so what one feature must refresh in another
 * (the dashboards after a client's forecast changes) is named here, not in that feature.
 */
export const sharedKeys = {
  /**
   * Root of every query holding server data (clients, budgets, dashboards); only the session
   * lives outside it, so a sign-out can drop every figure and keep the session.
   */
  data: ['data'] as const,
  /** The client list (GET /api/clients): one cache entry for the budget tab, the dashboards and the restore. */
  clients: () => [...sharedKeys.data, 'clients'] as const,
  /** Views that sum every client (the dashboards): stale after any change of a client's figures, name or forecast. */
  summaries: () => [...sharedKeys.data, 'summaries'] as const,
};

/**
 * docs/product.md#reload-after-change: after adding or deleting a client (or a pole, a line, a restore), that client's data and
 * every client's data reload: the active queries refetch, the others (dashboards) are marked stale.
 */
export function reloadAllData(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: sharedKeys.data });
}

/** A client's figures, name or forecast changed: the dashboards are stale, the open budget is not. */
export function invalidateSummaries(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: sharedKeys.summaries() });
}
