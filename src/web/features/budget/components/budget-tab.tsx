import { BackupCard } from '../../files/components/backup-card';
import { Spinner } from '../../../components/ui/spinner';
import { useClients } from '../api/clients';
import { FAILURE } from '../lib/failure-messages';
import { useFailureToast } from '../hooks/use-failure-toast';
import { useSelectedClientId } from '../hooks/use-selected-client-id';
import { BudgetEditor } from './budget-editor';
import { ClientCard } from './client-card';

/** The 'Saisie Budgétaire' tab (SPEC §2): client management, then the selected client's budget. */
export function BudgetTab() {
  const clients = useClients();
  const [selectedId, setSelectedId] = useSelectedClientId();
  useFailureToast(clients.error, FAILURE.loadClients);

  const list = clients.data ?? [];
  const selected = list.find((c) => c.id === selectedId) ?? null;

  return (
    <section aria-labelledby="budget-title" className="flex flex-col gap-6">
      <h1 id="budget-title" className="text-2xl font-semibold tracking-tight">
        Saisie Budgétaire
      </h1>
      {clients.isPending ? (
        <Spinner text="Chargement..." />
      ) : (
        <>
          <ClientCard clients={list} selected={selected} onSelect={setSelectedId} />
          <BackupCard />
          {selected ? (
            <BudgetEditor key={selected.id} clientId={selected.id} />
          ) : (
            list.length > 0 && (
              <p className="rounded-lg border border-dashed bg-card py-12 text-center text-muted-foreground">
                Veuillez sélectionner un client pour commencer
              </p>
            )
          )}
        </>
      )}
    </section>
  );
}
