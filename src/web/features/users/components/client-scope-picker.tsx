import { useId, useState } from 'react';
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
  // Ticks quicker than the list's refetch build on each other, not on the last answer read.
  // A new answer from the server replaces them (adjusted while rendering, as React advises).
  const [picked, setPicked] = useState(clientIds);
  const serverKey = clientIds.join(',');
  const [seenKey, setSeenKey] = useState(serverKey);
  if (seenKey !== serverKey) {
    setSeenKey(serverKey);
    setPicked(clientIds);
  }
  const assigned = new Set(picked);
  const toggle = (id: string) => {
    const next = toggleScopeClient(picked, id);
    setPicked(next);
    onChange(next);
  };
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
        onToggle={toggle}
      />
      <span role="status" aria-label={`Clients de ${email}`} className="text-muted-foreground">
        {scopeSummary(picked, clients)}
      </span>
    </div>
  );
}
