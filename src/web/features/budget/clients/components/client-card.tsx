import { useCanCreateClients, useReadOnly } from '@/web/lib/access';
import { useId, useMemo, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Check, ChevronsUpDown, Pencil, Plus, X } from 'lucide-react';
import type { Client } from '@/domain';
import { CLIENT_STATUS_LABELS } from '@/domain/client-attributes';
import { MAX_NAME_LENGTH, nameMatches } from '@/domain/names';
import { ClientSearchField } from '@/web/components/client-filter/client-search-popover';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Input } from '@/web/components/ui/input';
import { Popover, PopoverContent, PopoverTrigger } from '@/web/components/ui/popover';
import { cn } from '@/web/lib/cn';
import { useCreateClient, useUpdateClient } from '../api/clients';
import { FAILURE, notifyFailure, notifySuccess } from '../../lib/failure-messages';
import { RECENT_COUNT, useRecentClientIds } from '../hooks/use-selected-client-id';
import { DeleteClientButton } from './delete-client-button';
import { PresenceBadges } from '../../live/components/presence-badges';

type ClientCardProps = {
  /** The exercice on screen: the forecasts shown and saved are this year's. */
  year: number;
  clients: Client[];
  selected: Client | null;
  onSelect: (id: string | null) => void;
  /** Rendered after the selected client's own buttons (the CSV export, from the files feature). */
  clientActions?: (client: Client) => ReactNode;
};

/**
 * 'Gestion des Clients' (docs/product.md#client-card): choose, rename, delete or add a client. Kept
 * to one row so the grid comes right under it (docs/product.md#budget-tab); the client's margin
 * forecasts and attributes are in 'Fiche du client', under the grid.
 */
export function ClientCard({ year, clients, selected, onSelect, clientActions }: ClientCardProps) {
  const canCreate = useCanCreateClients();
  return (
    <Card role="region" aria-labelledby="clients-title">
      <CardHeader className="flex-row flex-wrap items-center gap-x-3 gap-y-2 px-4 pb-2 pt-3">
        <CardTitle id="clients-title" className="text-base">
          Gestion des Clients
        </CardTitle>
        <CardDescription>Sélectionnez un client existant ou créez-en un nouveau</CardDescription>
        {canCreate && <NewClientForm year={year} onCreated={(client) => onSelect(client.id)} />}
      </CardHeader>
      <CardContent className="flex flex-wrap items-center gap-x-3 gap-y-2 px-4 pb-3">
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
      </CardContent>
    </Card>
  );
}

/**
 * The client picker (docs/product.md#client-card): a button naming the client, opening a search
 * field over the list — accent- and case-insensitive, anywhere in the name, as the dashboards'
 * filter — with the recent clients first. Arrows move in the list, Enter chooses.
 */
function ClientSelect({ clients, selected, onSelect }: Pick<ClientCardProps, 'clients' | 'selected' | 'onSelect'>) {
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const [active, setActive] = useState(0);
  const recentIds = useRecentClientIds();
  const { recent, others } = useMemo(() => {
    // docs/product.md#client-attributes: the search finds a client by its sector or manager too.
    const matching = clients.filter((c) =>
      [c.name, c.sector ?? '', c.manager ?? ''].some((t) => nameMatches(t, search)),
    );
    const byId = new Map(matching.map((c) => [c.id, c]));
    const recentClients = recentIds.flatMap((id) => byId.get(id) ?? []).slice(0, RECENT_COUNT);
    const recentSet = new Set(recentClients.map((c) => c.id));
    return { recent: recentClients, others: matching.filter((c) => !recentSet.has(c.id)) };
  }, [clients, recentIds, search]);
  const options = [...recent, ...others];

  const choose = (client: Client | undefined) => {
    if (!client) return;
    setOpen(false);
    onSelect(client.id);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => Math.min(Math.max(i + step, 0), Math.max(options.length - 1, 0)));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      choose(options[active]);
    }
  };
  const option = (c: Client, i: number) => (
    <li
      key={c.id}
      id={`${listId}-${i}`}
      role="option"
      aria-selected={c.id === selected?.id}
      title={c.name}
      className={cn(
        'flex cursor-pointer items-center gap-2 truncate rounded-sm px-2 py-1.5 text-sm',
        i === active && 'bg-accent text-accent-foreground',
      )}
      onMouseEnter={() => setActive(i)}
      onClick={() => choose(c)}
    >
      <Check className={cn('size-4 shrink-0', c.id === selected?.id ? 'opacity-100' : 'opacity-0')} aria-hidden />
      <span className="truncate">{c.name}</span>
      {c.status && c.status !== 'actif' && (
        <span className="ml-auto shrink-0 text-xs text-muted-foreground">{CLIENT_STATUS_LABELS[c.status]}</span>
      )}
    </li>
  );

  return (
    <Popover
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setSearch('');
        setActive(0);
      }}
    >
      <PopoverTrigger asChild>
        <Button
          variant="outline"
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-labelledby="client-select-label"
          className="w-80 max-w-full justify-between font-normal"
        >
          <span className={cn('truncate', !selected && 'text-muted-foreground')}>
            {selected?.name ?? (clients.length === 0 ? 'Aucun client' : 'Choisir un client')}
          </span>
          <ChevronsUpDown className="opacity-50" aria-hidden />
        </Button>
      </PopoverTrigger>
      <PopoverContent className="w-96">
        <ClientSearchField
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          aria-controls={listId}
          aria-activedescendant={options.length > 0 ? `${listId}-${active}` : undefined}
        />
        <ul id={listId} role="listbox" aria-label="Clients" className="max-h-80 overflow-y-auto p-1">
          {recent.length > 0 && (
            <li role="presentation" className="px-2 pb-1 pt-1.5 text-xs font-medium text-muted-foreground">
              Récents
            </li>
          )}
          {recent.map((c, i) => option(c, i))}
          {recent.length > 0 && others.length > 0 && (
            <li role="presentation" className="px-2 pb-1 pt-2 text-xs font-medium text-muted-foreground">
              Tous les clients
            </li>
          )}
          {others.map((c, i) => option(c, recent.length + i))}
          {options.length === 0 && (
            <li role="presentation" className="px-2 py-6 text-center text-sm text-muted-foreground">
              Aucun client trouvé.
            </li>
          )}
        </ul>
      </PopoverContent>
    </Popover>
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
  const readOnly = useReadOnly();
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
          maxLength={MAX_NAME_LENGTH}
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
    <div className="flex min-w-0 flex-1 flex-wrap items-center gap-2">
      <ClientSelect clients={clients} selected={selected} onSelect={onSelect} />
      {!readOnly && (
        <>
          <Button size="icon" variant="outline" aria-label="Renommer le client" onClick={() => setDraft(selected.name)}>
            <Pencil aria-hidden="true" />
          </Button>
          <DeleteClientButton
            client={selected}
            onDeleted={() => onSelect(null)}
            onRestored={() => onSelect(selected.id)}
          />
        </>
      )}
      {clientActions?.(selected)}
      <PresenceBadges year={year} clientId={selected.id} />
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
    <div className="ml-auto flex items-center gap-2">
      <label htmlFor="new-client-name" className="text-sm font-medium">
        Nouveau client
      </label>
      <div className="flex items-center gap-2">
        <Input
          id="new-client-name"
          maxLength={MAX_NAME_LENGTH}
          className="h-9 w-60"
          placeholder="Nom du nouveau client"
          value={name}
          onChange={(e) => setName(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') add();
          }}
        />
        <Button size="sm" onClick={add} disabled={create.isPending}>
          <Plus aria-hidden="true" />
          Ajouter
        </Button>
      </div>
    </div>
  );
}
