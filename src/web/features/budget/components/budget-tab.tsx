import { BackupCard } from '../../files/components/backup-card';
import { TemporaryClientExports } from '../../files/components/temporary-client-exports';

/** The 'Saisie Budgétaire' tab. A shell for now: client management and the budget grid come in their own issues. */
export function BudgetTab() {
  return (
    <section aria-labelledby="budget-title" className="space-y-6">
      <h1 id="budget-title" className="text-2xl font-semibold tracking-tight">
        Saisie Budgétaire
      </h1>
      {/* TEMPORARY (issue 6): the client card of issue 4 carries ClientCsvExportButton instead. */}
      <TemporaryClientExports />
      <BackupCard />
    </section>
  );
}
