/**
 * The version the budget grid compares with (docs/product.md#versions-and-landing, ADR 062): none
 * by default, for this editor only (a client or year switched starts without). The choices are
 * the year's versions that hold this client (a validation's version holds its client only). A
 * chosen version deleted meanwhile is none again.
 */
import { useState } from 'react';
import type { VersionGrid } from '@/domain/grid-compare';
import { FAILURE } from '../../lib/failure-messages';
import { useFailureToast } from '../../hooks/use-failure-toast';
import { useVersionGrid, useVersions } from '../api/versions';

export function useGridCompare(year: number, clientId: string) {
  const versions = useVersions(year);
  const [chosenId, setChosenId] = useState<number | null>(null);
  const choices = (versions.data ?? []).filter((v) => v.clientId === null || v.clientId === clientId);
  const chosen = choices.find((v) => v.id === chosenId) ?? null;
  const frozen = useVersionGrid(year, clientId, chosen);
  useFailureToast(frozen.error, FAILURE.loadVersion);
  const grid: VersionGrid | null = chosen ? (frozen.data ?? null) : null;
  return { choices, chosenId: chosen?.id ?? null, choose: setChosenId, grid };
}
