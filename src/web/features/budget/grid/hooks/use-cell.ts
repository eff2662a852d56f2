/**
 * One cell's view (ADR 043): the one place that reads, for a cell, the save queue, the remote
 * marks and the closed-month locks, and hands them with the cell's own state to the domain's
 * `cellView` (text, tooltip, drawn states). While the cell is typed in, it tells the marks store
 * so — a live change never overwrites the user's text (docs/product.md#live-browser) — and keeps
 * the latest change that arrived meanwhile, shown beside the text until the user commits.
 */
import { useLayoutEffect, useState } from 'react';
import type { Measure } from '@/domain';
import { isForecast } from '@/domain/measures';
import { cellView, type CellSaveState, type CellView, type CellViewInput } from '@/domain/cell-view';
import { remoteMarks, useRemoteMark } from '../../live/hooks/use-live-budget';
import type { RemoteMark } from '../../live/lib/remote-marks';
import { useCellSaveState } from '../../saving/api/save-cells';
import { useCellLocks } from './use-closed-months';

/** What the cell itself knows: its cached value, its name, and its typing state. */
type CellOwnState = Pick<
  CellViewInput,
  'value' | 'label' | 'typing' | 'isFocused' | 'refusal' | 'driven' | 'monthName'
>;

/** The save queue's word for a cell ('', 'unsaved', 'conflict' or the server's reason) as a state. */
function saveStateOf(state: string): CellSaveState {
  if (state === '') return 'saved';
  return state === 'unsaved' || state === 'conflict' ? state : { rejected: state };
}

export function useCell(lineId: string, month: number, measure: Measure, own: CellOwnState): CellView {
  const save = useCellSaveState(lineId, month, measure);
  const remote = useRemoteMark(lineId, month, measure) ?? null;
  const locks = useCellLocks();
  const isTyping = own.typing !== null;
  const [incoming, setIncoming] = useState<RemoteMark | null>(null);
  if (isTyping && remote && remote !== incoming) setIncoming(remote);
  if (!isTyping && incoming !== null) setIncoming(null);
  useLayoutEffect(() => {
    if (!isTyping) return;
    remoteMarks.startTyping(lineId, month, measure);
    return () => remoteMarks.stopTyping(lineId, month, measure);
  }, [isTyping, lineId, month, measure]);
  return cellView({
    ...own,
    save: saveStateOf(save),
    remote,
    incoming,
    isClosed: locks.closed.has(month),
    isValidated: locks.validated && isForecast(measure),
    isReadOnly: locks.readOnly,
  });
}
