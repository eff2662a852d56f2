import type { ReactNode } from 'react';
import type { HistoryEntry } from '@/domain/codec';
import { actorLabel, formatHistoryAt, historySourceText } from '@/domain/history-view';
import { Spinner } from '@/web/components/ui/spinner';
import type { useHistoryEntries } from '../api/get-history';

/**
 * The source, who and when of a history entry, on one line: « Saisie · Vous · 5 mars 2026 à 09:07 »
 * (an accounting import's source names its day: « Import comptable du 27/11/2026 »).
 */
export function HistoryEntryMeta({ entry }: { entry: HistoryEntry }) {
  return (
    <p className="flex flex-wrap items-center gap-x-1.5 gap-y-0.5 text-xs text-muted-foreground">
      <span className="rounded-sm bg-secondary px-1.5 py-px font-medium text-secondary-foreground">
        {historySourceText(entry.source, entry.at)}
      </span>
      <span className="sr-only">·</span>
      <span>{actorLabel(entry.actor)}</span>
      <span aria-hidden="true">·</span>
      <time dateTime={entry.at}>{formatHistoryAt(entry.at)}</time>
    </p>
  );
}

type HistoryListProps = {
  /** The entries' query (useHistoryEntries). */
  history: ReturnType<typeof useHistoryEntries>;
  /** The list's accessible name. */
  label: string;
  /** Said when there is no entry. */
  emptyText: string;
  /** The content of an entry's list item (null leaves it out). */
  renderEntry: (entry: HistoryEntry) => ReactNode;
  itemClassName: string;
};

/**
 * A history list (a cell's, or the client's panel): loading, its error, its empty text, or the
 * entries newest first, then 'Plus ancien' while the last page was full.
 */
export function HistoryList({ history, label, emptyText, renderEntry, itemClassName }: HistoryListProps) {
  const entries = history.data?.pages.flat() ?? [];
  let content: ReactNode;
  if (history.isPending) content = <Spinner text="Chargement..." className="py-6" />;
  else if (history.isError)
    content = <p className="py-6 text-center text-sm text-destructive">{history.error.message}</p>;
  else if (entries.length === 0)
    content = <p className="py-6 text-center text-sm text-muted-foreground">{emptyText}</p>;
  else {
    content = (
      <ol aria-label={label} className="flex flex-col divide-y rounded-md border">
        {entries.map((entry) => {
          const item = renderEntry(entry);
          return item === null ? null : (
            <li key={entry.id} className={itemClassName}>
              {item}
            </li>
          );
        })}
      </ol>
    );
  }
  return (
    <>
      {content}
      <OlderEntriesButton
        hasMore={history.hasNextPage}
        isLoading={history.isFetchingNextPage}
        onLoad={() => void history.fetchNextPage()}
      />
    </>
  );
}

/** 'Plus ancien': the next page of a history list, while there may be one. */
function OlderEntriesButton({
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
