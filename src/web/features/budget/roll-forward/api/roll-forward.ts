/**
 * Roll forward (docs/product.md#budget-years): `POST /api/years/:year/rollforward` creates in `:year` the poles and
 * lines of `from` that are missing there and fills its forecasts; with `dryRun` it changes
 * nothing and answers the same counts, which the dialog shows before 'Appliquer'.
 */
import { useMutation } from '@tanstack/react-query';
import { rollForwardClientFromWire } from '@/domain/codec';
import type { RollForwardClientResult } from '@/domain/rollforward';
import type { RollForwardBody } from '@/domain/schemas';
import { api } from '@/web/lib/api-client';
import type { RollForwardAnswerWire } from '@/domain/answers';

/** One roll forward into `year`: each chosen client's counts and forecast totals (cents), by name. */
export async function rollForward(year: number, body: RollForwardBody): Promise<RollForwardClientResult[]> {
  const answer = await api.post<RollForwardAnswerWire>(`/api/years/${year}/rollforward`, body);
  return answer.clients.map(rollForwardClientFromWire);
}

/** The preview (dryRun: true) or the real run into `year`; the caller reloads what it changed. */
export function useRollForward(year: number) {
  return useMutation({ mutationFn: (body: RollForwardBody) => rollForward(year, body) });
}
