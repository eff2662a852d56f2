import { polesFromWire, type Pole, type PoleWire } from '@/domain';
import { api, withYear } from './api-client';

/**
 * GET /api/clients/:id/budget?year=, decoded to cents: the budget tab caches it, the client CSV
 * export reads it fresh at the click.
 */
export async function getClientBudget(clientId: string, year: number, signal?: AbortSignal): Promise<Pole[]> {
  const path = withYear(`/api/clients/${encodeURIComponent(clientId)}/budget`, year);
  return polesFromWire(await api.get<PoleWire[]>(path, signal));
}
