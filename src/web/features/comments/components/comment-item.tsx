import { useState } from 'react';
import { actorLabel, formatHistoryAt } from '@/domain/history-view';
import { Button } from '@/web/components/ui/button';
import type { Comment, Person } from '../api/comments';
import { CommentBox } from './comment-box';

type CommentItemProps = {
  comment: Comment;
  people: readonly Person[];
  /** Stores a new text; true once stored. */
  onEdit: (text: string) => Promise<boolean>;
  onDelete: () => void;
  /** The thread's first comment: deleting it deletes the thread (said on the button). */
  isRoot: boolean;
};

/** One comment: who, when, the text (« modifié » once edited); 'Modifier' and 'Supprimer' on one's own. */
export function CommentItem({ comment, people, onEdit, onDelete, isRoot }: CommentItemProps) {
  const [isEditing, setIsEditing] = useState(false);
  return (
    <article className="flex flex-col gap-1" aria-label={`Commentaire de ${actorLabel(comment.authorName)}`}>
      <p className="flex flex-wrap items-baseline gap-x-2 text-xs text-muted-foreground">
        <span className="font-semibold text-foreground">{actorLabel(comment.authorName)}</span>
        <time dateTime={comment.at}>{formatHistoryAt(comment.at)}</time>
        {comment.editedAt && <span>(modifié)</span>}
      </p>
      {isEditing ? (
        <CommentBox
          label="Modifier le commentaire"
          people={people}
          initialText={comment.text}
          submitLabel="Enregistrer"
          onCancel={() => setIsEditing(false)}
          onSubmit={async (text) => {
            const ok = await onEdit(text);
            if (ok) setIsEditing(false);
            return ok;
          }}
        />
      ) : (
        <p className="whitespace-pre-wrap break-words text-sm">{comment.text}</p>
      )}
      {comment.mine && !isEditing && (
        <div className="flex gap-1">
          <Button size="sm" variant="link" className="h-6 px-1" onClick={() => setIsEditing(true)}>
            Modifier
          </Button>
          <Button
            size="sm"
            variant="link"
            className="h-6 px-1 text-destructive"
            aria-label={isRoot ? 'Supprimer le fil' : 'Supprimer le commentaire'}
            onClick={onDelete}
          >
            Supprimer
          </Button>
        </div>
      )}
    </article>
  );
}
