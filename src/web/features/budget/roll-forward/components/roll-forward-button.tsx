import { lazy, Suspense } from 'react';
import { CalendarPlus } from 'lucide-react';
import { isYear } from '@/domain/years';
import { Button } from '@/web/components/ui/button';
import { useDialogLauncher } from '@/web/hooks/use-dialog-launcher';
import { useReadOnly } from '@/web/lib/access';

// The dialog (Radix Dialog, zod for its checks) loads when first opened: the budget tab's first bundle stays small.
const RollForwardDialog = lazy(() => import('./roll-forward-dialog').then((m) => ({ default: m.RollForwardDialog })));

/** 'Préparer {N+1}' (docs/product.md#budget-years): opens the roll forward from exercice `year` into the next one. */
export function RollForwardButton({ year }: { year: number }) {
  const { isOpen, buttonRef, open, close } = useDialogLauncher();
  const target = year + 1;
  // A viewer (or an admin looking as someone else) reads only (docs/product.md#roles).
  const readOnly = useReadOnly();

  if (readOnly) return null;
  return (
    <>
      <Button ref={buttonRef} variant="outline" disabled={!isYear(target)} onClick={open}>
        <CalendarPlus aria-hidden="true" />
        {`Préparer ${target}`}
      </Button>
      {isOpen && (
        <Suspense fallback={null}>
          <RollForwardDialog key={year} from={year} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
