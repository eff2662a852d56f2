/**
 * The comment writes of a client-year as the panel uses them: each resolves true once stored, or
 * says in a toast why it was refused (the server's French message) and resolves false.
 */
import type { CommentCell } from '@/web/lib/cell-comments';
import { notifyError } from '@/web/lib/notify';
import { useCommentWrites } from '../api/comments';
import type { ThreadActions } from '../components/thread-card';

const refused = (title: string) => (error: unknown) => {
  notifyError(title, error instanceof Error ? error.message : String(error));
  return false;
};

export function useThreadActions(year: number, clientId: string) {
  const { create, patch, remove } = useCommentWrites(year, clientId);
  const actions: ThreadActions = {
    reply: (parentId, text, mentions) =>
      create
        .mutateAsync({ parentId, text, mentions })
        .then(() => true)
        .catch(refused('Réponse non enregistrée')),
    edit: (id, text) =>
      patch
        .mutateAsync({ id, text })
        .then(() => true)
        .catch(refused('Commentaire non modifié')),
    remove: (id) => void remove.mutateAsync(id).catch(refused('Commentaire non supprimé')),
    setResolved: (id, resolved) => void patch.mutateAsync({ id, resolved }).catch(refused('Fil non modifié')),
  };
  /** Starts a thread on a cell, or on the client-year (null). */
  const start = (cell: CommentCell | null, text: string, mentions: string[]) =>
    create
      .mutateAsync({
        text,
        mentions,
        ...(cell && { lineId: cell.lineId, month: cell.month, field: cell.field }),
      })
      .then(() => true)
      .catch(refused('Commentaire non enregistré'));
  return { actions, start, isStarting: create.isPending };
}
