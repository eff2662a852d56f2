import { useState, type KeyboardEvent, type ReactNode } from 'react';
import { Check, Pencil, Plus, X } from 'lucide-react';
import type { Client } from '@/domain';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Input } from '@/web/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { useCreateClient, useUpdateClient } from '../api/clients';
import { FAILURE, notifyFailure, notifySuccess } from '../lib/failure-messages';
import { DeleteClientButton } from './delete-client-button';
import { ForecastSection } from './forecast-section';

type ClientCardProps = {
  /** The exercice on screen: the forecasts shown and saved are this year's. */
  year: number;
  clients: Client[];
  selected: Client | null;
  onSelect: (id: string | null) => void;
  /** Rendered after the selected client's own buttons (the CSV export, from the files feature). */
  clientActions?: (client: Client) => ReactNode;
};

/** 'Gestion des Clients' (docs/product.md#client-card): choose, rename, delete or add a client; the margin forecasts. */
export function ClientCard({ year, clients, selected, onSelect, clientActions }: ClientCardProps) {
  return (
    <Card role="region" aria-labelledby="clients-title">
      <CardHeader>
        <CardTitle id="clients-title">Gestion des Clients</CardTitle>
        <CardDescription>Sélectionnez un client existant ou créez-en un nouveau</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <div className="flex flex-wrap items-end gap-x-8 gap-y-4">
          <div className="flex min-w-0 flex-1 flex-col gap-1.5">
            <span id="client-select-label" className="text-sm font-medium">
              Client
            </span>
            {selected ? (
              <SelectedClientRow
                key={selected.id}
                year={year}
                clients={clients}
                selected={selected}
                onSelect={onSelect}
                clientActions={clientActions}
              />
            ) : (
              <ClientSelect clients={clients} selected={null} onSelect={onSelect} />
            )}
          </div>
          <NewClientForm year={year} onCreated={(client) => onSelect(client.id)} />
        </div>
        {selected && <ForecastSection key={`${year}:${selected.id}`} year={year} client={selected} />}
      </CardContent>
    </Card>
  );
}

function ClientSelect({ clients, selected, onSelect }: Pick<ClientCardProps, 'clients' | 'selected' | 'onSelect'>) {
  return (
    <Select value={selected?.id ?? ''} onValueChange={(id) => onSelect(id)}>
      <SelectTrigger aria-labelledby="client-select-label" className="w-80 max-w-full">
        <SelectValue placeholder={clients.length === 0 ? 'Aucun client' : 'Choisir un client'} />
      </SelectTrigger>
      <SelectContent>
        {clients.map((c) => (
          <SelectItem key={c.id} value={c.id}>
            {c.name}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

/** The drop-down with the selected client's actions, or its name being edited inline. */
function SelectedClientRow({
  year,
  clients,
  selected,
  onSelect,
  clientActions,
}: ClientCardProps & { selected: Client }) {
  const [draft, setDraft] = useState<string | null>(null);
  const update = useUpdateClient();

  const confirm = () => {
    const name = (draft ?? '').trim();
    setDraft(null);
    // docs/product.md#client-card: the rename applies only when the trimmed name is non-empty.
    if (name === '' || name === selected.name) return;
    update.mutate(
      { id: selected.id, year, name },
      {
        onSuccess: () => notifySuccess('Nom modifié', name),
        onError: (error) => notifyFailure(FAILURE.updateClient, error),
      },
    );
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') confirm();
    if (event.key === 'Escape') setDraft(null);
  };

  if (draft !== null) {
    return (
      <div className="flex items-center gap-2">
        <Input
          aria-label="Nom du client"
          className="w-80 max-w-full"
          value={draft}
          autoFocus
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={onKeyDown}
        />
        <Button size="icon" variant="outline" aria-label="Valider le nom" onClick={confirm}>
          <Check className="text-success" aria-hidden="true" />
        </Button>
        <Button size="icon" variant="outline" aria-label="Annuler le renommage" onClick={() => setDraft(null)}>
          <X aria-hidden="true" />
        </Button>
      </div>
    );
  }
  return (
    <div className="flex flex-wrap items-center gap-2">
      <ClientSelect clients={clients} selected={selected} onSelect={onSelect} />
      <Button size="icon" variant="outline" aria-label="Renommer le client" onClick={() => setDraft(selected.name)}>
        <Pencil aria-hidden="true" />
      </Button>
      <DeleteClientButton client={selected} onDeleted={() => onSelect(null)} onRestored={() => onSelect(selected.id)} />
      {clientActions?.(selected)}
    </div>
  );
}

/** The new-client field: 'Ajouter' or Enter adds the trimmed name; an empty name does nothing. */
function NewClientForm({ year, onCreated }: { year: number; onCreated: (client: Client) => void }) {
  const [name, setName] = useState('');
  const create = useCreateClient(year);

  const add = () => {
    const trimmed = name.trim();
    if (trimmed === '' || create.isPending) return;
    create.mutate(trimmed, {
      onSuccess: (client) => {
        setName('');
        onCreated(client);
        notifySuccess('Client ajouté', client.name);
      },
      onError: (error) => notifyFailure(FAILURE.addClient, error),
    });
  };

  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor="new-client-name" className="text-sm font-medium">
        Nouveau client
      </label>
      <div className="flex items-center gap-2">
        <Input
          id="new-client-name"
          className="w-72"
          placeholder="Nom du nouveau client"
          value={name}
          onChange={(e) => setName(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') add();
          }}
        />
        <Button onClick={add} disabled={create.isPending}>
          <Plus aria-hidden="true" />
          Ajouter
        </Button>
      </div>
    </div>
  );
}
