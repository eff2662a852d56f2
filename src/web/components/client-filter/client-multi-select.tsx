import { X } from 'lucide-react';
import { useId } from 'react';
import {
  ALL,
  filterLabel,
  isAll,
  isClientSelected,
  removeClient,
  toggleClient,
  type ClientFilter,
} from '@/domain/client-filter';
import { ClientSearchPopover, type ClientOption } from './client-search-popover';

export type { ClientOption };

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
  const byId = new Map(clients.map((c) => [c.id, c]));
  const badges = isAll(filter) ? [] : filter.flatMap((id) => byId.get(id) ?? []);

  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-3">
        <span id={labelId} className="text-sm font-medium">
          Sélectionner des clients :
        </span>
        <ClientSearchPopover
          label={filterLabel(filter)}
          labelId={labelId}
          clients={clients}
          isSelected={(id) => isClientSelected(filter, id)}
          onToggle={(id) => onChange(toggleClient(filter, id))}
          head={{
            label: 'Tous les clients',
            selected: isAll(filter),
            onSelect: () => onChange(toggleClient(filter, ALL)),
          }}
        />
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
