import { useId } from 'react';
import { scopeSummary, toggleScopeClient } from '@/domain/client-scope';
import { ClientSearchPopover, type ClientOption } from '@/web/components/client-filter/client-search-popover';

type ClientScopePickerProps = {
  email: string;
  /** Every client, by name. */
  clients: readonly ClientOption[];
  clientIds: readonly string[];
  onChange: (clientIds: string[]) => void;
};

/**
 * The clients assigned to a user (docs/product.md#user-scope): a searchable multi-select, fit for
 * 300 clients, and the summary « 2 clients : Alpha, Bêta » beside it.
 */
export function ClientScopePicker({ email, clients, clientIds, onChange }: ClientScopePickerProps) {
  const labelId = useId();
  const assigned = new Set(clientIds);
  return (
    <div className="flex flex-wrap items-center gap-3 text-sm">
      <span id={labelId} className="sr-only">
        Clients assignés à {email}
      </span>
      <ClientSearchPopover
        label="Assigner des clients…"
        labelId={labelId}
        clients={clients}
        isSelected={(id) => assigned.has(id)}
        onToggle={(id) => onChange(toggleScopeClient(clientIds, id))}
      />
      <span role="status" aria-label={`Clients de ${email}`} className="text-muted-foreground">
        {scopeSummary(clientIds, clients)}
      </span>
    </div>
  );
}
