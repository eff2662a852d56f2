import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { MAX_MANAGER_LENGTH, attributesOf, type ClientStatus } from '@/domain/client-attributes';
import type { Client, CommentPeopleAnswer } from '@/domain';
import { MAX_NAME_LENGTH } from '@/domain/names';
import { ClientStatusOptions } from '@/web/components/client-filter/client-status-options';
import { Button } from '@/web/components/ui/button';
import { Input } from '@/web/components/ui/input';
import { useAccess, useReadOnly } from '@/web/lib/access';
import { api } from '@/web/lib/api-client';
import { useUpdateClient } from '../api/clients';
import { FAILURE, notifyFailure, notifySuccess } from '../../lib/failure-messages';

/** The users who see the client (with accounts): whom the manager field proposes. */
function usePeople(clientId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['client-people', clientId],
    queryFn: ({ signal }) =>
      api.get<CommentPeopleAnswer>(`/api/comments/people?clientId=${encodeURIComponent(clientId)}`, signal),
    enabled,
    staleTime: 60_000,
  });
}

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

/**
 * 'Responsable, secteur et statut' (docs/product.md#client-attributes): the account manager (with
 * accounts a user who sees the client, by email; without, a free name), the sector, the status.
 * Saved together by 'Enregistrer'; an empty field clears.
 */
export function AttributesSection({ year, client }: { year: number; client: Client }) {
  const readOnly = useReadOnly();
  const accounts = useAccess()?.mode === 'accounts';
  const people = usePeople(client.id, accounts && !readOnly).data ?? [];
  const saved = attributesOf(client);
  const [manager, setManager] = useState(saved.manager ?? '');
  const [sector, setSector] = useState(saved.sector ?? '');
  const [status, setStatus] = useState<ClientStatus>(saved.status);
  const update = useUpdateClient();
  const listId = `people-${client.id}`;

  const save = () =>
    update.mutate(
      { id: client.id, year, manager: orNull(manager), sector: orNull(sector), status },
      {
        onSuccess: () => notifySuccess('Client mis à jour'),
        onError: (error) => notifyFailure(FAILURE.updateClient, error),
      },
    );

  return (
    <section aria-labelledby="attributes-title" className="rounded-md border bg-muted/40 p-4">
      <h4 id="attributes-title" className="mb-3 text-sm font-semibold">
        Responsable, secteur et statut
      </h4>
      <div className="flex flex-wrap items-end gap-4">
        <label className="flex flex-col gap-1.5 text-sm font-medium">
          Responsable de compte
          <Input
            className="w-64"
            list={accounts ? listId : undefined}
            maxLength={MAX_MANAGER_LENGTH}
            placeholder={accounts ? 'email d’un utilisateur' : 'Nom'}
            readOnly={readOnly}
            value={manager}
            onChange={(e) => setManager(e.target.value)}
          />
        </label>
        {accounts && (
          <datalist id={listId}>
            {people.map((p) => (
              <option key={p.id} value={p.email}>
                {p.name}
              </option>
            ))}
          </datalist>
        )}
        <label className="flex flex-col gap-1.5 text-sm font-medium">
          Secteur
          <Input
            className="w-56"
            maxLength={MAX_NAME_LENGTH}
            placeholder="Luxe, Banque…"
            readOnly={readOnly}
            value={sector}
            onChange={(e) => setSector(e.target.value)}
          />
        </label>
        <label className="flex flex-col gap-1.5 text-sm font-medium">
          Statut
          <select
            className="h-9 rounded-md border border-input bg-card px-2 text-sm font-normal"
            disabled={readOnly}
            value={status}
            onChange={(e) => setStatus(e.target.value as ClientStatus)}
          >
            <ClientStatusOptions />
          </select>
        </label>
        {!readOnly && (
          <Button variant="outline" onClick={save} disabled={update.isPending}>
            Enregistrer
          </Button>
        )}
      </div>
    </section>
  );
}
