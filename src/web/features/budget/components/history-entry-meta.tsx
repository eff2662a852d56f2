import type { HistoryEntry } from '@/domain/codec';
import { HISTORY_SOURCE_LABELS, actorLabel, formatHistoryAt } from '@/domain/history-view';

/** The source, who and when of a history entry, on one line: « Saisie · Vous · 5 mars 2026 à 09:07 ». */
export function HistoryEntryMeta({ entry }: { entry: HistoryEntry }) {
  return (
    <p className="flex flex-wrap items-center gap-x-1.5 gap-y-0.5 text-xs text-muted-foreground">
      <span className="rounded-sm bg-secondary px-1.5 py-px font-medium text-secondary-foreground">
        {HISTORY_SOURCE_LABELS[entry.source]}
      </span>
      <span className="sr-only">·</span>
      <span>{actorLabel(entry.actor)}</span>
      <span aria-hidden="true">·</span>
      <time dateTime={entry.at}>{formatHistoryAt(entry.at)}</time>
    </p>
  );
}

/** 'Plus ancien': the next page of a history list, while there may be one. */
export function OlderEntriesButton({
  hasMore,
  isLoading,
  onLoad,
}: {
  hasMore: boolean;
  isLoading: boolean;
  onLoad: () => void;
}) {
  if (!hasMore) return null;
  return (
    <button
      type="button"
      className="self-center rounded-md px-3 py-1.5 text-sm font-medium text-primary hover:bg-accent disabled:opacity-50"
      disabled={isLoading}
      onClick={onLoad}
    >
      {isLoading ? 'Chargement...' : 'Plus ancien'}
    </button>
  );
}
