import { foldForSearch } from '@/domain/dashboard/table';
import { Check, ChevronsUpDown, Search, X } from 'lucide-react';
import { useId, useState } from 'react';
import {
  ALL,
  filterLabel,
  isAll,
  isClientSelected,
  removeClient,
  toggleClient,
  type ClientFilter,
} from '@/domain/client-filter';
import { Button } from '../ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '../ui/popover';
import { cn } from '@/web/lib/cn';

export type ClientOption = { id: string; name: string };

type ClientMultiSelectProps = {
  /** Every client, in display order (by name). */
  clients: readonly ClientOption[];
  /** Already pruned of deleted clients. */
  filter: ClientFilter;
  onChange: (filter: ClientFilter) => void;
};

/**
 * The dashboards' client multi-select (docs/product.md#dashboard-filter): a button naming the selection, a searchable
 * list ('Tous les clients' first, then every client) whose items toggle through the domain's state
 * machine, and one removable badge per selected client.
 */
export function ClientMultiSelect({ clients, filter, onChange }: ClientMultiSelectProps) {
  const labelId = useId();
  const [search, setSearch] = useState('');
  const needle = foldForSearch(search.trim());
  const matches = clients.filter((c) => foldForSearch(c.name).includes(needle));
  const showAll = needle === '' || 'tous les clients'.includes(needle);
  const byId = new Map(clients.map((c) => [c.id, c]));
  const badges = isAll(filter) ? [] : filter.flatMap((id) => byId.get(id) ?? []);

  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-3">
        <span id={labelId} className="text-sm font-medium">
          Sélectionner des clients :
        </span>
        <Popover onOpenChange={(open) => !open && setSearch('')}>
          <PopoverTrigger asChild>
            <Button variant="outline" className="min-w-64 justify-between" aria-describedby={labelId}>
              {filterLabel(filter)}
              <ChevronsUpDown className="opacity-50" aria-hidden />
            </Button>
          </PopoverTrigger>
          <PopoverContent className="w-80">
            <div className="flex items-center gap-2 border-b px-3">
              <Search className="size-4 shrink-0 opacity-50" aria-hidden />
              <input
                autoFocus
                value={search}
                onChange={(e) => setSearch(e.target.value)}
                placeholder="Rechercher un client..."
                aria-label="Rechercher un client"
                className="h-10 w-full bg-transparent text-sm outline-none placeholder:text-muted-foreground"
              />
            </div>
            <ul
              role="listbox"
              aria-multiselectable="true"
              aria-labelledby={labelId}
              className="max-h-72 overflow-y-auto p-1"
            >
              {showAll && (
                <Option
                  label="Tous les clients"
                  selected={isAll(filter)}
                  onSelect={() => onChange(toggleClient(filter, ALL))}
                />
              )}
              {matches.map((c) => (
                <Option
                  key={c.id}
                  label={c.name}
                  selected={isClientSelected(filter, c.id)}
                  onSelect={() => onChange(toggleClient(filter, c.id))}
                />
              ))}
              {!showAll && matches.length === 0 && (
                <li className="py-6 text-center text-sm text-muted-foreground">Aucun client trouvé.</li>
              )}
            </ul>
          </PopoverContent>
        </Popover>
      </div>
      {badges.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label="Clients sélectionnés">
          {badges.map((c) => (
            <li
              key={c.id}
              className="inline-flex items-center gap-1 rounded-full border bg-secondary py-0.5 pl-3 pr-1 text-xs font-medium"
            >
              {c.name}
              <button
                type="button"
                aria-label={`Retirer ${c.name}`}
                onClick={() => onChange(removeClient(filter, c.id))}
                className="rounded-full p-0.5 hover:bg-muted-foreground/20 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                <X className="size-3" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function Option({ label, selected, onSelect }: { label: string; selected: boolean; onSelect: () => void }) {
  return (
    <li
      role="option"
      aria-selected={selected}
      tabIndex={0}
      onClick={onSelect}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          onSelect();
        }
      }}
      className="flex cursor-pointer items-center gap-2 rounded-sm px-2 py-1.5 text-sm outline-none hover:bg-accent focus-visible:bg-accent"
    >
      <Check className={cn('size-4', selected ? 'opacity-100' : 'opacity-0')} aria-hidden />
      {label}
    </li>
  );
}
