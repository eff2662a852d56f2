/** A client's poles and their lines in a year: what the « À affecter » list suggests (GET /api/clients/:id/budget?year=). */
import { useQuery } from '@tanstack/react-query';
import { getClientBudget } from '@/web/lib/get-client-budget';
import { accountingKeys } from './accounting-keys';

export type PoleNames = { name: string; lines: string[] };

export function useClientPoles(year: number, clientId: string | null) {
  return useQuery({
    queryKey: accountingKeys.clientPoles(year, clientId ?? ''),
    queryFn: async ({ signal }): Promise<PoleNames[]> =>
      (await getClientBudget(clientId!, year, signal)).map((p) => ({
        name: p.name,
        lines: p.lines.map((l) => l.name),
      })),
    enabled: clientId !== null,
  });
}
