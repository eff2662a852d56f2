import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { MessageSquare } from 'lucide-react';
import { openCells, threadsOf } from '@/domain/comments';
import { Button } from '@/web/components/ui/button';
import { CellCommentsContext, type CellComments, type CommentCell } from '@/web/lib/cell-comments';
import { useCellFocusRequests, type CellFocusRequest } from '@/web/lib/cell-focus-request';
import { useComments, useLiveCommentsReload } from '../api/comments';
import { CommentsPanel } from './comments-panel';

type ClientCommentsProps = {
  year: number;
  clientId: string;
  clientName: string;
  /**
   * The client's budget editor, whose grid reads the marks and offers 'Commenter la cellule'; given
   * the 'Commentaires' button to show in its toolbar row.
   */
  editor: (commentsButton: ReactNode) => ReactNode;
};

type PanelState = { cell: CommentCell | null; highlightId: number | null } | null;

/**
 * The comments of the client-year on screen (docs/product.md#comments), around its budget editor:
 * the button 'Commentaires' with the open threads' count, the grid's corner marks and its
 * 'Commenter la cellule' (through CellCommentsContext), the side panel, kept current live. A
 * notification opening a cell opens the panel on its thread.
 */
export function ClientComments({ year, clientId, clientName, editor }: ClientCommentsProps) {
  const comments = useComments(year, clientId);
  useLiveCommentsReload(year, clientId);
  const [panel, setPanel] = useState<PanelState>(null);

  const list = comments.data;
  const marks = useMemo(() => openCells(list ?? []), [list]);
  const openCount = useMemo(() => threadsOf(list ?? []).filter((t) => !t.root.resolved).length, [list]);
  const context = useMemo<CellComments>(
    () => ({ openCells: marks, comment: (cell) => setPanel({ cell, highlightId: null }) }),
    [marks],
  );

  useCellFocusRequests(
    'comments',
    useCallback(
      (request: CellFocusRequest) => {
        if (request.clientId !== clientId || request.year !== year) return false;
        if (request.commentId !== null) setPanel({ cell: null, highlightId: request.commentId });
        return true;
      },
      [clientId, year],
    ),
  );

  return (
    <CellCommentsContext value={context}>
      {editor(
        <Button variant="outline" size="sm" onClick={() => setPanel({ cell: null, highlightId: null })}>
          <MessageSquare aria-hidden="true" />
          Commentaires
          {openCount > 0 && (
            <span className="rounded-full bg-orange-500 px-1.5 text-xs font-semibold text-white">
              {openCount}
              <span className="sr-only"> fils ouverts</span>
            </span>
          )}
        </Button>,
      )}
      {panel && (
        <CommentsPanel
          year={year}
          clientId={clientId}
          clientName={clientName}
          cell={panel.cell}
          highlightId={panel.highlightId}
          onShowAll={() => setPanel({ cell: null, highlightId: null })}
          onClose={() => setPanel(null)}
        />
      )}
    </CellCommentsContext>
  );
}
