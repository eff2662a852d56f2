import { useState } from 'react';
import { BellRing, Settings2 } from 'lucide-react';
import type { AlertWire } from '@/domain/answers';
import { formatHistoryAt } from '@/domain/history-view';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { useIsAdmin } from '@/web/lib/access';
import { useYear } from '@/web/hooks/use-year';
import { useAlertSettings, useAlerts } from '../api/alerts';
import { AlertSettingsDialog } from './alert-settings-dialog';

type AlertsPanelProps = {
  /** A client's alert: open that client in the budget tab. */
  onOpenClient?: (clientId: string) => void;
};

/**
 * The dashboard's list of active alerts (docs/product.md#alerts), in the caller's scope; admins
 * set the thresholds from here.
 */
export function AlertsPanel({ onOpenClient }: AlertsPanelProps) {
  const [year] = useYear();
  const isAdmin = useIsAdmin();
  const alerts = useAlerts(year).data ?? [];
  const settings = useAlertSettings(isAdmin).data;
  const [isEditing, setIsEditing] = useState(false);

  return (
    <Card aria-labelledby="alerts-title">
      <CardHeader className="flex flex-row items-center justify-between gap-4 space-y-0 py-3">
        <CardTitle id="alerts-title" className="flex items-center gap-2 text-base">
          <BellRing aria-hidden className="size-4" />
          Alertes {alerts.length > 0 && <span className="text-muted-foreground">({alerts.length})</span>}
        </CardTitle>
        {isAdmin && settings && (
          <Button variant="outline" size="sm" onClick={() => setIsEditing(true)}>
            <Settings2 aria-hidden />
            Régler les seuils
          </Button>
        )}
      </CardHeader>
      <CardContent className="pb-4">
        {alerts.length === 0 ? (
          <p className="text-sm text-muted-foreground">Aucune alerte active.</p>
        ) : (
          <ul aria-label="Alertes actives" className="flex max-h-60 flex-col gap-1 overflow-y-auto">
            {alerts.map((a) => (
              <AlertRow key={`${a.kind}:${a.clientId}:${a.poleId}:${a.month}`} alert={a} onOpenClient={onOpenClient} />
            ))}
          </ul>
        )}
      </CardContent>
      {isAdmin && settings && isEditing && (
        <AlertSettingsDialog settings={settings} open={isEditing} onOpenChange={setIsEditing} />
      )}
    </Card>
  );
}

function AlertRow({ alert, onOpenClient }: { alert: AlertWire; onOpenClient?: (clientId: string) => void }) {
  const since = <span className="text-xs text-muted-foreground">depuis le {formatHistoryAt(alert.since)}</span>;
  const clientId = alert.clientId;
  return (
    <li className="flex flex-wrap items-baseline justify-between gap-x-3 border-b py-1.5 text-sm last:border-b-0">
      {clientId !== null && onOpenClient ? (
        <button type="button" className="text-left hover:underline" onClick={() => onOpenClient(clientId)}>
          {alert.text}
        </button>
      ) : (
        <span>{alert.text}</span>
      )}
      {since}
    </li>
  );
}
