/**
 * The rules as the user edits them (docs/product.md#actuals-from-the-accounting): changes stay a
 * draft until 'Enregistrer les règles' PUTs the document whole (a 400 names the rule at fault, shown
 * as is); « Tester sur le dernier fichier » saves a draft first, then previews the kept file again.
 */
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { MappingDocument, MappingRule } from '@/domain/accounting/types';
import { ApiError } from '@/web/lib/api-client';
import { notifySuccess } from '@/web/lib/notify';
import { accountingKeys } from '../api/accounting-keys';
import { saveMapping } from '../api/mapping';

export function useRulesDraft(stored: MappingDocument | undefined) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<MappingRule[] | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function save(): Promise<boolean> {
    if (!stored || draft === null) return true;
    setIsSaving(true);
    setError(null);
    try {
      await saveMapping(queryClient, { ...stored, rules: draft });
      setDraft(null);
      notifySuccess('Règles enregistrées');
      return true;
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : "Les règles n'ont pas pu être enregistrées.");
      return false;
    } finally {
      setIsSaving(false);
    }
  }

  async function test() {
    if (await save()) await queryClient.invalidateQueries({ queryKey: accountingKeys.previews() });
  }

  return {
    rules: draft ?? stored?.rules ?? [],
    isDirty: draft !== null,
    change: (rules: MappingRule[]) => {
      setDraft(rules);
      setError(null);
    },
    discard: () => {
      setDraft(null);
      setError(null);
    },
    save,
    test,
    isSaving,
    error,
  };
}
