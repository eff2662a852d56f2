import { useId } from 'react';
import { UserCheck } from 'lucide-react';
import {
  distinctValues,
  sameManager,
  type ClientAttributeFilter,
  type ClientAttributes,
  type ClientStatus,
} from '@/domain/client-attributes';
import { useAttributeFilter } from '@/web/hooks/use-attribute-filter';
import { useAccess } from '@/web/lib/access';
import { cn } from '@/web/lib/cn';
import { Button } from '../ui/button';
import { ClientStatusOptions } from './client-status-options';

type AttributeFilterBarProps = {
  /** Every client (their attributes give the choices). */
  clients: readonly Partial<ClientAttributes>[];
  filter: ClientAttributeFilter;
  onChange: (filter: ClientAttributeFilter) => void;
};

const SELECT = 'h-9 max-w-48 rounded-md border border-input bg-card px-2 text-sm';

/**
 * The dashboards' attribute filter (docs/product.md#client-attributes): the account manager, the
 * sector, the status, each 'Tous' by default, and 'Mes clients' (with accounts) for the caller's own.
 */
export function AttributeFilterBar({ clients, filter, onChange }: AttributeFilterBarProps) {
  const id = useId();
  const me = useAccess()?.me ?? null;
  const managers = distinctValues(
    clients.map((c) => c.manager ?? null),
    (v) => v.toLowerCase(),
  );
  const sectors = distinctValues(clients.map((c) => c.sector ?? null));
  const mine = me !== null && filter.manager !== null && sameManager(filter.manager, me);
  const choice = (label: string, key: 'manager' | 'sector', values: string[]) => (
    <label className="flex items-center gap-1.5 text-sm" htmlFor={`${id}-${key}`}>
      <span className="text-muted-foreground">{label}</span>
      <select
        id={`${id}-${key}`}
        className={SELECT}
        value={filter[key] ?? ''}
        onChange={(e) => onChange({ ...filter, [key]: e.target.value === '' ? null : e.target.value })}
      >
        <option value="">Tous</option>
        {values.map((v) => (
          <option key={v} value={v}>
            {v}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <div className="flex flex-wrap items-center gap-3" role="group" aria-label="Filtrer par attributs des clients">
      {me !== null && (
        <Button
          variant="outline"
          size="sm"
          aria-pressed={mine}
          className={cn(mine && 'border-primary bg-primary/10')}
          onClick={() => onChange({ ...filter, manager: mine ? null : me })}
        >
          <UserCheck aria-hidden="true" />
          Mes clients
        </Button>
      )}
      {choice(
        'Responsable',
        'manager',
        filter.manager && !managers.includes(filter.manager) ? [...managers, filter.manager] : managers,
      )}
      {choice('Secteur', 'sector', sectors)}
      <label className="flex items-center gap-1.5 text-sm" htmlFor={`${id}-status`}>
        <span className="text-muted-foreground">Statut</span>
        <select
          id={`${id}-status`}
          className={SELECT}
          value={filter.status ?? ''}
          onChange={(e) =>
            onChange({ ...filter, status: e.target.value === '' ? null : (e.target.value as ClientStatus) })
          }
        >
          <option value="">Tous</option>
          <ClientStatusOptions />
        </select>
      </label>
    </div>
  );
}

/** The attribute filter of the page (shared by the dashboard tabs). */
export function DashboardAttributeFilter({ clients }: { clients: readonly Partial<ClientAttributes>[] }) {
  const [filter, setFilter] = useAttributeFilter();
  return <AttributeFilterBar clients={clients} filter={filter} onChange={setFilter} />;
}
