import { useEffect, type ReactNode } from 'react';
import { X } from 'lucide-react';
import { Button } from './button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from './dialog';

type SidePanelProps = {
  title: string;
  description: ReactNode;
  onClose: () => void;
  /** Keeps the focus where it is when the panel opens (the cell a notification opened). */
  keepFocus?: boolean;
  children: ReactNode;
};

/**
 * A panel on the right that leaves the page usable beside it (the history's, the comments'): a
 * click outside does not close it, the toasts move to its left while it is open (index.css).
 */
export function SidePanel({ title, description, onClose, keepFocus, children }: SidePanelProps) {
  useEffect(() => {
    document.body.dataset.sidePanel = '';
    return () => {
      delete document.body.dataset.sidePanel;
    };
  }, []);
  return (
    <Dialog open modal={false} onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        className="left-auto right-0 top-0 flex h-dvh max-h-dvh w-full max-w-md translate-x-0 translate-y-0 flex-col gap-3 rounded-none border-y-0 border-r-0 p-0"
        onInteractOutside={(event) => event.preventDefault()}
        onOpenAutoFocus={(event) => keepFocus && event.preventDefault()}
      >
        <div className="flex items-start justify-between gap-2 border-b px-5 py-4">
          <div className="flex flex-col gap-1">
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>{description}</DialogDescription>
          </div>
          <DialogClose asChild>
            <Button size="icon" variant="ghost" className="size-8" aria-label="Fermer">
              <X aria-hidden="true" />
            </Button>
          </DialogClose>
        </div>
        {children}
      </DialogContent>
    </Dialog>
  );
}
