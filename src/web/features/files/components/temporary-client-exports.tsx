/**
 * TEMPORARY (issue 6): until the 'Gestion des Clients' card of issue 4 is merged, this lists every
 * client with its CSV export button, so the button can be used and tested end to end. The lead
 * deletes this file at merge and mounts ClientCsvExportButton in the client card instead.
 */
import { useQuery } from '@tanstack/react-query';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { filesKeys, getClients } from '../api/files-api';
import { ClientCsvExportButton } from './client-csv-export-button';

export function TemporaryClientExports() {
  const clients = useQuery({ queryKey: filesKeys.clients(), queryFn: ({ signal }) => getClients(signal) });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Exports par client (temporaire)</CardTitle>
        <CardDescription>Remplacé par le bouton d'export de la carte 'Gestion des Clients'.</CardDescription>
      </CardHeader>
      <CardContent>
        <ul aria-label="Clients" className="divide-y">
          {clients.data?.map((client) => (
            <li key={client.id} className="flex items-center justify-between gap-4 py-2">
              <span>{client.name}</span>
              <ClientCsvExportButton clientId={client.id} clientName={client.name} />
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
