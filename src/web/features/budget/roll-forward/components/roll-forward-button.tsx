import { lazy, Suspense, useRef, useState } from 'react';
import { CalendarPlus } from 'lucide-react';
import { isYear } from '@/domain/years';
import { Button } from '@/web/components/ui/button';
import { useReadOnly } from '@/web/lib/access';

// The dialog (Radix Dialog, zod for its checks) loads when first opened: the budget tab's first bundle stays small.
const RollForwardDialog = lazy(() => import('./roll-forward-dialog').then((m) => ({ default: m.RollForwardDialog })));

/** 'Préparer {N+1}' (docs/product.md#budget-years): opens the roll forward from exercice `year` into the next one. */
export function RollForwardButton({ year }: { year: number }) {
  const [isOpen, setIsOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const target = year + 1;
  // A viewer (or an admin looking as someone else) reads only (docs/product.md#roles).
  const readOnly = useReadOnly();
  const close = () => {
    setIsOpen(false);
    buttonRef.current?.focus();
  };

  if (readOnly) return null;
  return (
    <>
      <Button ref={buttonRef} variant="outline" disabled={!isYear(target)} onClick={() => setIsOpen(true)}>
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
