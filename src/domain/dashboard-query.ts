/**
 * The query of GET /api/dashboard: `?clients=all` (or no parameter) for every client, or
 * `?clients=<uuid>,<uuid>…` for a selection — the client filter of docs/product.md#dashboard-filter in a URL —
 * narrowed by `?manager=`, `?sector=`, `?status=` (docs/product.md#client-attributes).
 */
import { z } from 'zod';
import { ALL, isAll, type ClientFilter } from './client-filter';
import { attributeParams, NO_ATTRIBUTE_FILTER, type ClientAttributeFilter } from './client-attributes';
import { clientStatusSchema, idSchema, managerSchema, sectorSchema } from './schemas';
import { MONTH_COUNT } from './months';
import { urlInteger } from './url-numbers';

/**
 * Most ids one request names: 300 UUIDs are an 11 kB URL, well under Node's 16 kB header limit.
 * A larger selection is better asked as 'all'.
 */
export const MAX_DASHBOARD_CLIENT_IDS = 300;

/** An attribute's parameter: absent or empty, null; else checked by `schema`. */
function attributeParam<T extends string>(schema: z.ZodType<T, string>) {
  return z
    .string()
    .optional()
    .transform((text) => (text === '' ? undefined : text))
    .pipe(schema.optional())
    .transform((value) => value ?? null);
}

/**
 * `?clients=` parsed: null means every client, otherwise distinct ids (request order). `?cutoff=`
 * the month the figures 'à date' stop at, 0 (janvier) to 11; absent: the default one
 * (docs/product.md#dashboard-to-date).
 */
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
  cutoff: urlInteger(0, MONTH_COUNT - 1, "Le mois d'arrêté doit être un nombre de 0 (janvier) à 11 (décembre).")
    .optional()
    .transform((month) => month ?? null),
  // The version compared with (docs/product.md#versions-and-landing): its id.
  version: urlInteger(1, Number.MAX_SAFE_INTEGER, 'La version doit être un identifiant de version (un entier).')
    .optional()
    .transform((id) => id ?? null),
  // docs/product.md#client-attributes: only the clients of this manager, sector or status.
  manager: attributeParam(managerSchema),
  sector: attributeParam(sectorSchema),
  status: attributeParam(clientStatusSchema),
});
export type DashboardQuery = z.output<typeof dashboardQuery>;

/**
 * The query string of a dashboard request (without the year): the selection, the cut-off, the
 * version chosen and the attribute filter, if any.
 */
export function dashboardParams(
  filter: ClientFilter,
  cutoff: number | null,
  version: number | null = null,
  attributes: ClientAttributeFilter = NO_ATTRIBUTE_FILTER,
): string {
  const clients = `clients=${encodeURIComponent(dashboardClientsParam(filter))}`;
  const withCutoff = cutoff === null ? clients : `${clients}&cutoff=${cutoff}`;
  return (version === null ? withCutoff : `${withCutoff}&version=${version}`) + attributeParams(attributes);
}

/** The `clients` parameter of a filter: 'all', or the selected ids joined by commas. */
export function dashboardClientsParam(filter: ClientFilter): string {
  return isAll(filter) ? ALL : filter.join(',');
}
