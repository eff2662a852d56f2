/**
 * Assigning an « À affecter » group (docs/product.md#actuals-from-the-accounting): the stored
 * mapping read afresh, the rule (and with « Toujours pour ce tiers » the third party's client)
 * added, the document PUT whole; the preview is then read again with the kept file.
 */
import { useQueryClient } from '@tanstack/react-query';
import { assignUnmapped, type Assignment } from '@/domain/accounting/mapping-edits';
import { notifySuccess } from '@/web/lib/notify';
import { editMapping } from '../api/mapping';
import { useMappingWrite } from './use-mapping-write';

export function useAssign() {
  const queryClient = useQueryClient();
  const { run, isPending, error } = useMappingWrite("La règle n'a pas pu être enregistrée.");

  const assign = (assignment: Assignment, name: string): Promise<boolean> =>
    run(async () => {
      await editMapping(queryClient, (document) => assignUnmapped(document, assignment));
      notifySuccess(`Règle ajoutée pour ${name}`, "Elle est placée en tête des règles ; l'aperçu est recalculé.");
    });

  return { assign, isPending, error };
}
