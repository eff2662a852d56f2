import { polesFromWire, type Pole, type PoleWire } from '@/domain';
import { api } from './api-client';

/**
 * GET /api/clients/:id/budget, decoded to cents: the budget tab caches it, the client CSV export
 * reads it fresh at the click.
 */
export async function getClientBudget(clientId: string, signal?: AbortSignal): Promise<Pole[]> {
  return polesFromWire(await api.get<PoleWire[]>(`/api/clients/${encodeURIComponent(clientId)}/budget`, signal));
}
