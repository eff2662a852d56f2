import { useQueryClient } from '@tanstack/react-query';
import { Undo2 } from 'lucide-react';
import { actorLabel, formatHistoryAt } from '@/domain/history-view';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Spinner } from '@/web/components/ui/spinner';
import { undoAndReload } from '@/web/lib/undo-entry';
import { useReconciliation } from '../api/reconciliation';
import { ReconciliationTable } from './reconciliation-table';

/**
 * 'Rapprochement': per month of the last applied import, the ledger against the tool, with a tick or
 * the reason. The import can be undone here too ('Annuler cet import': its history entry, which
 * names no client when it wrote several, so no client's Ctrl+Z reaches it).
 */
export function ReconciliationCard({ year }: { year: number }) {
  const queryClient = useQueryClient();
  const reconciliation = useReconciliation(year);
  const last = reconciliation.data?.import ?? null;
  return (
    <Card aria-labelledby="reconciliation-title" role="region">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="flex flex-col gap-1.5">
          <CardTitle id="reconciliation-title" className="text-base">
            Rapprochement {year}
          </CardTitle>
          <CardDescription>
            {last
              ? `Dernier import : ${formatHistoryAt(last.at)}, par ${actorLabel(last.actor)}, ${last.lines.toLocaleString('fr-FR')} lignes.`
              : `Aucun import comptable appliqué à ${year}.`}
          </CardDescription>
        </div>
        {last?.historyId != null && (
          <Button variant="outline" onClick={() => void undoAndReload(queryClient, last.historyId!)}>
            <Undo2 aria-hidden="true" />
            Annuler cet import
          </Button>
        )}
      </CardHeader>
      <CardContent>
        {reconciliation.isPending && <Spinner text="Chargement..." />}
        {reconciliation.isError && (
          <p role="alert" className="text-sm text-destructive">
            {reconciliation.error.message}
          </p>
        )}
        {reconciliation.data && last && <ReconciliationTable months={reconciliation.data.months} year={year} />}
      </CardContent>
    </Card>
  );
}
