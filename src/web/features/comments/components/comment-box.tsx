import { useId } from 'react';
import { MAX_COMMENT_LENGTH } from '@/domain/comments';
import { Button } from '@/web/components/ui/button';
import { cn } from '@/web/lib/cn';
import type { Person } from '../api/comments';
import { useMentionBox } from '../hooks/use-mention-box';

type CommentBoxProps = {
  /** The text box's accessible name ('Nouveau commentaire', 'Répondre', 'Modifier le commentaire'). */
  label: string;
  people: readonly Person[];
  submitLabel: string;
  initialText?: string;
  isPending?: boolean;
  /** Sends; resolves true once stored (the box then empties), false when refused (the text stays). */
  onSubmit: (text: string, mentions: string[]) => Promise<boolean>;
  onCancel?: () => void;
};

/**
 * A comment's text box (docs/product.md#comments): `@` offers the people who can see the client
 * (↑ ↓ to choose, Entrée or Tab to pick, Échap to close the list); Ctrl+Entrée sends.
 */
export function CommentBox({
  label,
  people,
  submitLabel,
  initialText,
  isPending,
  onSubmit,
  onCancel,
}: CommentBoxProps) {
  const box = useMentionBox(people, initialText);
  const listId = useId();
  const isEmpty = box.text.trim() === '';

  const send = async () => {
    if (isEmpty || isPending) return;
    if (await onSubmit(box.text, box.mentions())) box.reset();
  };

  return (
    <form
      className="relative flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <textarea
        aria-label={label}
        role="combobox"
        aria-expanded={box.options.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={box.options.length > 0 ? `${listId}-${box.active}` : undefined}
        maxLength={MAX_COMMENT_LENGTH}
        rows={3}
        value={box.text}
        placeholder="Écrivez un commentaire ; @ pour mentionner quelqu’un"
        className="w-full resize-y rounded-md border border-input bg-card px-3 py-2 text-sm shadow-xs focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        onChange={(event) => box.setText(event.target.value, event.target.selectionStart)}
        onSelect={(event) => box.setCaret(event.currentTarget.selectionStart)}
        onKeyDown={(event) => {
          if (box.onListKey(event)) return;
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
            event.preventDefault();
            void send();
          } else if (event.key === 'Escape' && onCancel) {
            event.stopPropagation();
            onCancel();
          }
        }}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label="Personnes à mentionner"
        hidden={box.options.length === 0}
        className="absolute left-0 top-full z-50 mt-1 max-h-56 w-72 overflow-y-auto rounded-md border bg-card p-1 shadow-md"
      >
        {box.options.map((person, i) => (
          <li
            key={person.id}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === box.active}
            className={cn('cursor-pointer rounded-sm px-2 py-1.5 text-sm', i === box.active && 'bg-accent')}
            // Before the text box loses its focus.
            onMouseDown={(event) => {
              event.preventDefault();
              box.pick(person);
            }}
          >
            <span className="font-medium">{person.name}</span>
            {person.name !== person.email && <span className="ml-2 text-xs text-muted-foreground">{person.email}</span>}
          </li>
        ))}
      </ul>
      <div className="flex justify-end gap-2">
        {onCancel && (
          <Button type="button" size="sm" variant="ghost" onClick={onCancel}>
            Annuler
          </Button>
        )}
        <Button type="submit" size="sm" disabled={isEmpty || isPending}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
