/**
 * What changed in a client's forecast since its last validation (docs/product.md#sign-off-changes):
 * `GET /api/years/:year/signoff/:clientId/changes`, read when the reviewer opens it. Under the
 * year's sign-off key, itself under `data`: any change of figures or status makes it stale.
 */
import { useQuery } from '@tanstack/react-query';
import type { ForecastChangesAnswer } from '@/domain/answers';
import { forecastChangesFromWire } from '@/domain/codec';
import { api } from '@/web/lib/api-client';
import { sharedKeys } from '@/web/lib/query-keys';

export function useForecastChanges(year: number, clientId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...sharedKeys.signoff(year), 'changes', clientId],
    queryFn: ({ signal }) => api.get<ForecastChangesAnswer>(`/api/years/${year}/signoff/${clientId}/changes`, signal),
    select: forecastChangesFromWire,
    enabled,
  });
}
