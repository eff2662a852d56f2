/**
 * The `@` of a comment box (docs/product.md#comments): while the caret is in a mention, the people
 * who can see the client matching what follows the `@`; picking one writes `@Name ` in place and
 * remembers them, so the comment sends their id (`mentions`) as long as `@Name` stays in the text.
 */
import { useState, type KeyboardEvent } from 'react';
import { matchPeople, mentionQueryAt, mentionsIn } from '@/domain/comments';
import type { Person } from '../api/comments';

export function useMentionBox(people: readonly Person[], initialText = '') {
  const [text, setText] = useState(initialText);
  const [caret, setCaret] = useState(initialText.length);
  const [picked, setPicked] = useState<Person[]>([]);
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState<number | null>(null);

  const query = mentionQueryAt(text, caret);
  const options = query && query.start !== dismissed ? matchPeople(people, query.query) : [];

  const pick = (person: Person) => {
    if (!query) return;
    const before = text.slice(0, query.start);
    const after = text.slice(caret);
    const inserted = `@${person.name} `;
    setText(before + inserted + after);
    setCaret(before.length + inserted.length);
    setPicked((list) => (list.some((p) => p.id === person.id) ? list : [...list, person]));
    setActive(0);
    return before.length + inserted.length;
  };

  /** Handles the list's keys; true when the key was the list's. */
  const onListKey = (event: KeyboardEvent<HTMLTextAreaElement>): boolean => {
    if (options.length === 0) return false;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i + step + options.length) % options.length);
    } else if (event.key === 'Enter' || event.key === 'Tab') {
      const at = pick(options[Math.min(active, options.length - 1)]!);
      const input = event.currentTarget;
      if (at !== undefined) requestAnimationFrame(() => input.setSelectionRange(at, at));
    } else if (event.key === 'Escape') {
      setDismissed(query?.start ?? null);
    } else {
      return false;
    }
    event.preventDefault();
    event.stopPropagation();
    return true;
  };

  return {
    text,
    setText: (value: string, at: number) => {
      setText(value);
      setCaret(at);
      setActive(0);
    },
    setCaret,
    options,
    active: Math.min(active, Math.max(0, options.length - 1)),
    pick,
    onListKey,
    mentions: () => mentionsIn(text, picked),
    reset: () => {
      setText('');
      setCaret(0);
      setPicked([]);
    },
  };
}
