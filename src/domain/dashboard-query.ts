/**
 * The query of GET /api/dashboard: `?clients=all` (or no parameter) for every client, or
 * `?clients=<uuid>,<uuid>…` for a selection — the client filter of docs/product.md#dashboard-filter in a URL.
 */
import { z } from 'zod';
import { ALL, isAll, type ClientFilter } from './client-filter';
import { idSchema } from './schemas';

/**
 * Most ids one request names: 300 UUIDs are an 11 kB URL, well under Node's 16 kB header limit.
 * A larger selection is better asked as 'all'.
 */
export const MAX_DASHBOARD_CLIENT_IDS = 300;

/** `?clients=` parsed: null means every client, otherwise distinct ids (request order). */
export const dashboardQuery = z.object({
  clients: z
    .string()
    .optional()
    .transform((text) => (text === undefined || text === '' || text === ALL ? null : [...new Set(text.split(','))]))
    .pipe(
      z
        .array(idSchema)
        .max(MAX_DASHBOARD_CLIENT_IDS, { error: `Au plus ${MAX_DASHBOARD_CLIENT_IDS} clients par demande.` })
        .nullable(),
    ),
});
export type DashboardQuery = z.output<typeof dashboardQuery>;

/** The `clients` parameter of a filter: 'all', or the selected ids joined by commas. */
export function dashboardClientsParam(filter: ClientFilter): string {
  return isAll(filter) ? ALL : filter.join(',');
}
