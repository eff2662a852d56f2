/**
 * Assigning an « À affecter » group (docs/product.md#actuals-from-the-accounting): the stored
 * mapping read afresh, the rule (and with « Toujours pour ce tiers » the third party's client)
 * added, the document PUT whole; the preview is then read again with the kept file.
 */
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { assignUnmapped, type Assignment } from '@/domain/accounting/mapping-edits';
import { ApiError } from '@/web/lib/api-client';
import { notifySuccess } from '@/web/lib/notify';
import { editMapping } from '../api/mapping';

export function useAssign() {
  const queryClient = useQueryClient();
  const [isPending, setIsPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function assign(assignment: Assignment, name: string): Promise<boolean> {
    setIsPending(true);
    setError(null);
    try {
      await editMapping(queryClient, (document) => assignUnmapped(document, assignment));
      notifySuccess(`Règle ajoutée pour ${name}`, "Elle est placée en tête des règles ; l'aperçu est recalculé.");
      return true;
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : "La règle n'a pas pu être enregistrée.");
      return false;
    } finally {
      setIsPending(false);
    }
  }

  return { assign, isPending, error };
}
