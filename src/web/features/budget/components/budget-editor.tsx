import { useMemo } from 'react';
import { outlineOf, poleStructure } from '@/domain';
import { Spinner } from '@/web/components/ui/spinner';
import { useClientBudget } from '../api/client-budget';
import { FAILURE } from '../lib/failure-messages';
import { useFailureToast } from '../hooks/use-failure-toast';
import { AddPoleCard } from './add-pole-card';
import { BudgetGrid } from './budget-grid';

/**
 * The selected client's budget editor (docs/product.md#budget-editor) for one exercice: the add-pole card, then
 * the grid. Mounted per year and client (its key), so nothing of another year stays on screen.
 */
export function BudgetEditor({ year, clientId }: { year: number; clientId: string }) {
  const budget = useClientBudget(year, clientId);
  useFailureToast(budget.error, FAILURE.loadBudget);
  // The add-pole card depends on pole and line names only: typing a figure must not re-render it.
  const structureKey = poleStructure(budget.data ?? []);
  const structure = useMemo(() => outlineOf(structureKey), [structureKey]);

  if (budget.isPending) return <Spinner text="Chargement des données budgétaires..." />;
  if (!budget.data) {
    return <p className="py-12 text-center text-destructive">{FAILURE.loadBudget}</p>;
  }
  return (
    <>
      <AddPoleCard year={year} clientId={clientId} poles={structure} />
      <BudgetGrid year={year} clientId={clientId} poles={budget.data} />
    </>
  );
}
