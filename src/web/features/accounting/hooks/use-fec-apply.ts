/**
 * 'Appliquer' (POST /api/accounting/fec/apply): the kept file's bytes again; then every view reloads
 * (budgets, dashboards, the reconciliation, the preview, which now finds nothing to change) and a
 * toast says what changed, with 'Annuler' (the history's undo of the import's one entry).
 */
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { applyNotice } from '@/domain/accounting/screen';
import { ApiError } from '@/web/lib/api-client';
import { notifyError, notifySuccess } from '@/web/lib/notify';
import { reloadAllData } from '@/web/lib/query-keys';
import { undoAndReload } from '@/web/lib/undo-entry';
import { applyFec } from '../api/fec';
import type { KeptFile } from '../lib/kept-file';
import { LARGE_FILE } from '../lib/read-bytes';

export function useFecApply(year: number, file: KeptFile | null) {
  const queryClient = useQueryClient();
  /** While applying: the share sent for a large file, else null. */
  const [applying, setApplying] = useState<{ sent: number | null } | null>(null);
  /** What the last apply of this file to this year said (« Import appliqué : … »), shown in the page too. */
  const [notice, setNotice] = useState<{ key: string; text: string } | null>(null);
  const key = `${year}:${file?.id ?? 0}`;

  async function apply() {
    if (!file || applying) return;
    const isLarge = file.size > LARGE_FILE;
    setApplying({ sent: isLarge ? 0 : null });
    try {
      const answer = await applyFec(
        file.bytes,
        year,
        isLarge ? (sent) => setApplying({ sent: sent < 1 ? sent : null }) : undefined,
      );
      const text = applyNotice(answer);
      setNotice({ key, text });
      const { historyId } = answer;
      notifySuccess(text, undefined, {
        ...(historyId !== null && {
          action: { label: 'Annuler', onClick: () => void undoAndReload(queryClient, historyId) },
        }),
      });
      setApplying(null);
      // Not awaited: the preview reads the file again (a large one takes seconds), the apply is done.
      void reloadAllData(queryClient);
    } catch (error) {
      const message =
        error instanceof ApiError ? error.message : "L'import n'a pas pu être appliqué ; rien n'a changé.";
      notifyError("Erreur d'import", message, error instanceof ApiError ? undefined : error);
    } finally {
      setApplying(null);
    }
  }

  return { apply, applying, notice: notice?.key === key ? notice.text : null };
}
