import { LoaderCircle } from 'lucide-react';
import { cn } from '@/web/lib/cn';

type SpinnerProps = {
  /** Shown beside the wheel and announced to screen readers, e.g. 'Chargement...'. */
  text: string;
  className?: string;
};

/** A loading indicator; `role="status"` so assistive tech (and tests) can find it by its text. */
export function Spinner({ text, className }: SpinnerProps) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={cn('flex items-center justify-center gap-2 py-12 text-sm text-muted-foreground', className)}
    >
      <LoaderCircle className="size-5 animate-spin text-primary" aria-hidden="true" />
      <span>{text}</span>
    </div>
  );
}
