import { sharedKeys } from '@/web/lib/query-keys';

/** The one query-key factory of the accounting feature (docs/style.md#server-data-in-the-browser). */
export const accountingKeys = {
  all: [...sharedKeys.data, 'accounting'] as const,
  /** The mapping document (GET /api/accounting/mapping): one per database, not per year. */
  mapping: () => [...accountingKeys.all, 'mapping'] as const,
  /**
   * The previews of the kept file: every change of data or rules makes them stale (they say what
   * an apply would change now). One per year and file.
   */
  previews: () => [...accountingKeys.all, 'preview'] as const,
  preview: (year: number, fileId: number) => [...accountingKeys.previews(), year, fileId] as const,
  /**
   * The reconciliation of a year: it sums every client's actuals, so it sits with the views that
   * sum every client and goes stale with them after any change of figures.
   */
  reconciliation: (year: number) => [...sharedKeys.summaries(), 'reconciliation', year] as const,
  /** A client's poles and lines of a year, the « À affecter » list's suggestions. */
  clientPoles: (year: number, clientId: string) => [...accountingKeys.all, 'client-poles', year, clientId] as const,
};
