/**
 * The agency's fiscal year (GET /api/settings, docs/product.md#fiscal-years): one query every
 * screen reads to name a month position. While it loads, or if it fails, months are named as in
 * a calendar year — what every database without the setting is.
 */
import type { SettingsAnswer } from '@/domain/answers';
import { useMemo } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  CALENDAR_YEAR,
  columnMonthName,
  monthName,
  monthNames,
  shortMonthName,
  type FiscalSettings,
} from '@/domain/fiscal-year';
import { MONTH_INDEXES } from '@/domain/months';
import { api } from './api-client';
import { sharedKeys } from './query-keys';

export const fiscalSettingsQueryOptions = () =>
  queryOptions({
    queryKey: sharedKeys.settings(),
    queryFn: ({ signal }) => api.get<SettingsAnswer>('/api/settings', signal),
    // Changes once in the agency's life, and only before any data: no need to refetch it often.
    staleTime: Infinity,
  });

/** The setting, the calendar year until it is read. */
export function useFiscalSettings(): FiscalSettings {
  return useQuery(fiscalSettingsQueryOptions()).data ?? CALENDAR_YEAR;
}

/**
 * The twelve positions of fiscal year `year` named in fiscal order: `full` (« Septembre 2025 », or
 * « Septembre » in a calendar year), `short` (« sept. 2025 », or « sept. ») and `column` (a month
 * column's header: « Septembre » in a calendar year, « sept. 2025 » otherwise).
 */
export function useMonthNames(year: number): { full: string[]; short: string[]; column: string[] } {
  const settings = useFiscalSettings();
  return {
    full: MONTH_INDEXES.map((p) => monthName(settings, year, p)),
    short: MONTH_INDEXES.map((p) => shortMonthName(settings, year, p)),
    column: MONTH_INDEXES.map((p) => columnMonthName(settings, year, p)),
  };
}

/**
 * The names the grid's cells are read by (« Septembre 2025 »…, `monthNames`): one array per
 * setting and year, so memoized rows keep their props.
 */
export function useCellMonthNames(year: number): readonly string[] {
  const fiscal = useFiscalSettings();
  return useMemo(() => monthNames(fiscal, year), [fiscal, year]);
}
