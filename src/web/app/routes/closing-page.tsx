import { BackupCard } from '@/web/features/files/components/backup-card';
import { ClosingCard } from '@/web/features/closing/components/closing-card';
import { FiscalYearCard } from '@/web/features/settings/components/fiscal-year-card';

/**
 * The 'Clôture et sauvegardes' tab (docs/product.md#closing-and-backups-page): the month closing,
 * the backups and the fiscal year of the exercice, moved off the budget tab so the grid comes
 * right under the client card (ADR 064). app/ composes them: features never import each other.
 */
export function ClosingPage() {
  return (
    <section aria-labelledby="closing-page-title" className="flex flex-col gap-6">
      <h1 id="closing-page-title" className="text-2xl font-semibold tracking-tight">
        Clôture et sauvegardes
      </h1>
      <ClosingCard />
      <BackupCard />
      <FiscalYearCard />
    </section>
  );
}
