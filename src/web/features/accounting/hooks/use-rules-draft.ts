/**
 * The rules as the user edits them (docs/product.md#actuals-from-the-accounting): changes stay a
 * draft until 'Enregistrer les règles' PUTs the document whole (a 400 names the rule at fault, shown
 * as is); « Tester sur le dernier fichier » saves a draft first, then previews the kept file again.
 */
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { MappingDocument, MappingRule } from '@/domain/accounting/types';
import { notifySuccess } from '@/web/lib/notify';
import { accountingKeys } from '../api/accounting-keys';
import { saveMapping } from '../api/mapping';
import { useMappingWrite } from './use-mapping-write';

export function useRulesDraft(stored: MappingDocument | undefined) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<MappingRule[] | null>(null);
  const { run, isPending, error, clearError } = useMappingWrite("Les règles n'ont pas pu être enregistrées.");

  async function save(): Promise<boolean> {
    if (!stored || draft === null) return true;
    return run(async () => {
      await saveMapping(queryClient, { ...stored, rules: draft });
      setDraft(null);
      notifySuccess('Règles enregistrées');
    });
  }

  async function test() {
    if (await save()) await queryClient.invalidateQueries({ queryKey: accountingKeys.previews() });
  }

  return {
    rules: draft ?? stored?.rules ?? [],
    isDirty: draft !== null,
    change: (rules: MappingRule[]) => {
      setDraft(rules);
      clearError();
    },
    discard: () => {
      setDraft(null);
      clearError();
    },
    save,
    test,
    isSaving: isPending,
    error,
  };
}
