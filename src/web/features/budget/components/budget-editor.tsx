import { useMemo } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import { useClientBudget } from '../api/client-budget';
import { FAILURE } from '../lib/notify';
import { useFailureToast } from '../lib/use-failure-toast';
import { AddPoleCard } from './add-pole-card';
import { BudgetGrid } from './budget-grid';

/** The selected client's budget editor (SPEC §2): the add-pole card, then the grid. */
export function BudgetEditor({ clientId }: { clientId: string }) {
  const budget = useClientBudget(clientId);
  useFailureToast(budget.error, FAILURE.loadBudget);
  // The add-pole card depends on pole and line names only: typing a figure must not re-render it.
  const structureKey = budget.data?.map((p) => `${p.name}\u0000${p.lines.map((l) => l.name).join('\u0000')}`).join('\u0001');
  const structure = useMemo(
    () => budget.data ?? [],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- recomputed when names change, on purpose
    [structureKey],
  );

  if (budget.isPending) return <Spinner text="Chargement des données budgétaires..." />;
  if (!budget.data) {
    return <p className="py-12 text-center text-destructive">{FAILURE.loadBudget}</p>;
  }
  return (
    <>
      <AddPoleCard clientId={clientId} poles={structure} />
      <BudgetGrid clientId={clientId} poles={budget.data} />
    </>
  );
}
