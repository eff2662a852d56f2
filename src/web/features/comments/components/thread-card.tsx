import { useState } from 'react';
import { placeLabel, type Thread } from '@/domain/comments';
import { Button } from '@/web/components/ui/button';
import { cn } from '@/web/lib/cn';
import { useFiscalSettings } from '@/web/lib/use-fiscal-year';
import type { Comment, Person } from '../api/comments';
import { CommentBox } from './comment-box';
import { CommentItem } from './comment-item';

/** What a thread card can do; each resolves true once stored (false: refused, said in a toast). */
export type ThreadActions = {
  reply: (rootId: number, text: string, mentions: string[]) => Promise<boolean>;
  edit: (id: number, text: string) => Promise<boolean>;
  remove: (id: number) => void;
  setResolved: (rootId: number, resolved: boolean) => void;
};

type ThreadCardProps = {
  thread: Thread<Comment>;
  year: number;
  people: readonly Person[];
  actions: ThreadActions;
  /** Highlighted: the thread a notification opened. */
  isHighlighted?: boolean;
  /** Shows the cell or line it sits on (off when the panel shows one cell's threads). */
  showPlace: boolean;
};

/**
 * One thread (docs/product.md#comments): where it sits (« ligne supprimée » once its line is gone),
 * its comments oldest first, 'Répondre', 'Résoudre' / 'Rouvrir'.
 */
export function ThreadCard({ thread, year, people, actions, isHighlighted, showPlace }: ThreadCardProps) {
  const [isReplying, setIsReplying] = useState(false);
  const { root } = thread;
  const place = placeLabel(root, year, useFiscalSettings());
  return (
    <li
      aria-label={`Fil : ${place}`}
      data-thread-id={root.id}
      className={cn(
        'flex flex-col gap-3 rounded-lg border bg-card p-3',
        root.resolved && 'bg-muted/50',
        isHighlighted && 'ring-2 ring-primary',
      )}
    >
      {showPlace && (
        <p className={cn('text-xs font-medium text-muted-foreground', root.lineDeleted && 'italic')}>{place}</p>
      )}
      {[root, ...thread.replies].map((c) => (
        <CommentItem
          key={c.id}
          comment={c}
          people={people}
          isRoot={c.id === root.id}
          onEdit={(text) => actions.edit(c.id, text)}
          onDelete={() => actions.remove(c.id)}
        />
      ))}
      {isReplying ? (
        <CommentBox
          label="Répondre"
          people={people}
          submitLabel="Répondre"
          onCancel={() => setIsReplying(false)}
          onSubmit={async (text, mentions) => {
            const ok = await actions.reply(root.id, text, mentions);
            if (ok) setIsReplying(false);
            return ok;
          }}
        />
      ) : (
        <div className="flex gap-2">
          <Button size="sm" variant="outline" onClick={() => setIsReplying(true)}>
            Répondre
          </Button>
          <Button size="sm" variant="ghost" onClick={() => actions.setResolved(root.id, !root.resolved)}>
            {root.resolved ? 'Rouvrir' : 'Résoudre'}
          </Button>
        </div>
      )}
    </li>
  );
}
