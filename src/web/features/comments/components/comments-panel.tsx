import { useState } from 'react';
import { threadsOf } from '@/domain/comments';
import { Button } from '@/web/components/ui/button';
import { SidePanel } from '@/web/components/ui/side-panel';
import type { CommentCell } from '@/web/lib/cell-comments';
import { cn } from '@/web/lib/cn';
import { useComments, usePeople } from '../api/comments';
import { useThreadActions } from '../hooks/use-thread-actions';
import { CommentBox } from './comment-box';
import { ThreadCard } from './thread-card';

type CommentsPanelProps = {
  year: number;
  clientId: string;
  clientName: string;
  /** The cell the panel shows (its threads, a box to start one); null: every thread of the client. */
  cell: CommentCell | null;
  /** The comment a notification opened: its thread is highlighted. */
  highlightId: number | null;
  onShowAll: () => void;
  onClose: () => void;
};

/**
 * The panel 'Commentaires' (docs/product.md#comments): the client-year's threads, open or resolved,
 * newest first — or one cell's — and a box to start a thread on that cell or on the client. A side
 * panel that leaves the grid usable, as the history's.
 */
export function CommentsPanel({
  year,
  clientId,
  clientName,
  cell,
  highlightId,
  onShowAll,
  onClose,
}: CommentsPanelProps) {
  const comments = useComments(year, clientId);
  const people = usePeople(clientId).data ?? [];
  const { actions, start, isStarting } = useThreadActions(year, clientId);
  // Until chosen, the tab of the highlighted thread (a notification may open a resolved one).
  const [chosenTab, setTab] = useState<'open' | 'resolved' | null>(null);

  const all = threadsOf(comments.data ?? []);
  const highlighted = all.find((t) => t.root.id === highlightId || t.replies.some((r) => r.id === highlightId));
  const tab = chosenTab ?? (highlighted?.root.resolved ? 'resolved' : 'open');
  const here = cell
    ? all.filter((t) => t.root.lineId === cell.lineId && t.root.month === cell.month && t.root.field === cell.field)
    : all;
  const shown = here.filter((t) => t.root.resolved === (tab === 'resolved'));
  const count = (resolved: boolean) => here.filter((t) => t.root.resolved === resolved).length;

  return (
    <SidePanel
      title="Commentaires"
      description={cell ? cell.label : `${clientName} · exercice ${year}`}
      onClose={onClose}
      // Opened by a notification, the cursor stays on the cell it opened (the panel is beside it).
      keepFocus={highlightId !== null}
    >
      <div className="flex min-h-0 flex-1 flex-col gap-4 overflow-y-auto px-5 pb-5">
        <CommentBox
          key={cell ? `${cell.lineId}:${cell.month}:${cell.field}` : 'client'}
          label={cell ? 'Nouveau commentaire sur la cellule' : 'Nouveau commentaire sur le client'}
          people={people}
          submitLabel="Commenter"
          isPending={isStarting}
          onSubmit={(text, mentions) => start(cell, text, mentions)}
        />
        {cell && (
          <Button size="sm" variant="link" className="self-start px-0" onClick={onShowAll}>
            Voir tous les fils du client
          </Button>
        )}
        <div role="group" aria-label="Fils affichés" className="flex gap-1 rounded-lg border bg-muted p-1">
          {(['open', 'resolved'] as const).map((t) => (
            <button
              key={t}
              type="button"
              aria-pressed={tab === t}
              onClick={() => setTab(t)}
              className={cn(
                'flex-1 rounded-md px-3 py-1 text-sm font-medium',
                tab === t ? 'bg-card shadow-sm ring-1 ring-border' : 'text-muted-foreground',
              )}
            >
              {t === 'open' ? `Ouverts (${count(false)})` : `Résolus (${count(true)})`}
            </button>
          ))}
        </div>
        {shown.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted-foreground">
            {tab === 'open' ? 'Aucun fil ouvert.' : 'Aucun fil résolu.'}
          </p>
        ) : (
          <ul aria-label="Fils de commentaires" className="flex flex-col gap-3">
            {shown.map((thread) => (
              <ThreadCard
                key={thread.root.id}
                thread={thread}
                year={year}
                people={people}
                actions={actions}
                showPlace={!cell}
                isHighlighted={thread === highlighted}
              />
            ))}
          </ul>
        )}
      </div>
    </SidePanel>
  );
}
