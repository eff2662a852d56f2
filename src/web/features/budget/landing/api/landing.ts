/**
 * Landing (docs/product.md#versions-and-landing): `POST /api/years/:year/landing` re-forecasts the
 * months after the cut-off; with `dryRun` it changes nothing and answers the same counts, which
 * the 'Atterrissage…' dialog shows before 'Appliquer'.
 */
import { useMutation } from '@tanstack/react-query';
import type { LandingAnswerWire } from '@/domain/answers';
import { landingClientFromWire } from '@/domain/codec';
import type { LandingClientResult } from '@/domain/landing';
import type { LandingBody } from '@/domain/schemas';
import { api } from '@/web/lib/api-client';

/** What a landing did, or would do: per client (cents), its cut-off month and its history entry. */
export type LandingResult = { clients: LandingClientResult[]; cutoff: number; historyId: number | null };

export async function land(year: number, body: LandingBody): Promise<LandingResult> {
  const answer = await api.post<LandingAnswerWire>(`/api/years/${year}/landing`, body);
  return { ...answer, clients: answer.clients.map(landingClientFromWire) };
}

/** The preview (dryRun: true) or the real run in `year`; the caller reloads what it changed. */
export function useLanding(year: number) {
  return useMutation({ mutationFn: (body: LandingBody) => land(year, body) });
}
