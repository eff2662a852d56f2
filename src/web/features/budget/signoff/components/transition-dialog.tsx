import { useId, useState, type FormEvent } from 'react';
import { MAX_SIGNOFF_TEXT, type SignoffStatus } from '@/domain/signoff';
import { Button } from '@/web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/web/components/ui/dialog';

/** One transition as the status bar offers it. */
export type TransitionChoice = {
  to: SignoffStatus;
  /** The bar's button. */
  label: string;
  title: string;
  description?: string;
  /** The note or reason asked for, if any. */
  text?: { label: string; required: boolean };
  confirm: string;
};

/**
 * Confirms a sign-off transition (docs/product.md#sign-off), with its note or reason; a required
 * reason keeps the button disabled until something is typed, and the text stays while the server works.
 */
export function TransitionDialog(props: {
  choice: TransitionChoice;
  isPending: boolean;
  onConfirm: (text: string) => void;
  onClose: () => void;
}) {
  const { choice, isPending, onConfirm, onClose } = props;
  const id = useId();
  const [text, setText] = useState('');
  const missing = choice.text?.required === true && text.trim() === '';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!missing) onConfirm(text.trim());
  };
  return (
    <Dialog open onOpenChange={(open) => !open && !isPending && onClose()}>
      <DialogContent className="max-w-lg">
        <form onSubmit={submit} className="flex flex-col gap-4">
          <DialogHeader>
            <DialogTitle>{choice.title}</DialogTitle>
            {choice.description && <DialogDescription>{choice.description}</DialogDescription>}
          </DialogHeader>
          {choice.text && (
            <div className="flex flex-col gap-1.5">
              <label htmlFor={id} className="text-sm font-medium">
                {choice.text.label}
              </label>
              <textarea
                id={id}
                value={text}
                maxLength={MAX_SIGNOFF_TEXT}
                rows={3}
                disabled={isPending}
                onChange={(e) => setText(e.target.value)}
                className="rounded-md border border-input bg-transparent px-3 py-2 text-sm shadow-xs focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              />
            </div>
          )}
          <DialogFooter>
            <Button variant="outline" onClick={onClose} disabled={isPending}>
              Annuler
            </Button>
            <Button type="submit" disabled={missing || isPending}>
              {choice.confirm}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
