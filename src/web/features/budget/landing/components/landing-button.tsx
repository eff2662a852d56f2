import { lazy, Suspense } from 'react';
import { PlaneLanding } from 'lucide-react';
import { Button } from '@/web/components/ui/button';
import { useDialogLauncher } from '@/web/hooks/use-dialog-launcher';
import { useReadOnly } from '@/web/lib/access';

// The dialog loads when first opened: the budget tab's first bundle stays small.
const LandingDialog = lazy(() => import('./landing-dialog').then((m) => ({ default: m.LandingDialog })));

/** 'Atterrissage…' (docs/product.md#versions-and-landing): re-forecasts the rest of exercice `year`. */
export function LandingButton({ year }: { year: number }) {
  const { isOpen, buttonRef, open, close } = useDialogLauncher();
  // A viewer (or an admin looking as someone else) reads only (docs/product.md#roles).
  const readOnly = useReadOnly();

  if (readOnly) return null;
  return (
    <>
      <Button ref={buttonRef} variant="outline" onClick={open}>
        <PlaneLanding aria-hidden="true" />
        Atterrissage…
      </Button>
      {isOpen && (
        <Suspense fallback={null}>
          <LandingDialog key={year} year={year} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
