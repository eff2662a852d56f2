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
import type { RollForwardAnswerWire, VersionSummary } from '@/domain/answers';

/** What a roll forward did: each chosen client's counts and forecast totals (cents), by name; the version it froze. */
export interface RollForwardOutcome {
  clients: RollForwardClientResult[];
  version: VersionSummary | null;
}

/** One roll forward into `year`. */
export async function rollForward(year: number, body: RollForwardBody): Promise<RollForwardOutcome> {
  const answer = await api.post<RollForwardAnswerWire>(`/api/years/${year}/rollforward`, body);
  return { clients: answer.clients.map(rollForwardClientFromWire), version: answer.version };
}

/** The preview (dryRun: true) or the real run into `year`; the caller reloads what it changed. */
export function useRollForward(year: number) {
  return useMutation({ mutationFn: (body: RollForwardBody) => rollForward(year, body) });
}
