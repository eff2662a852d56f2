import { foldForSearch } from '@/domain/dashboard/table';
import { Check, ChevronsUpDown, Search } from 'lucide-react';
import { useState, type ComponentProps, type ReactNode } from 'react';
import { Button } from '../ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '../ui/popover';
import { cn } from '@/web/lib/cn';

export type ClientOption = { id: string; name: string };

type ClientSearchPopoverProps = {
  /** The button's text (what is selected). */
  label: ReactNode;
  /** The id of the element naming the list (and describing the button). */
  labelId: string;
  /** Every client, in display order (by name). */
  clients: readonly ClientOption[];
  isSelected: (id: string) => boolean;
  onToggle: (id: string) => void;
  /** An item before the clients ('Tous les clients'), listed while the search matches its label. */
  head?: { label: string; selected: boolean; onSelect: () => void } | undefined;
};

/**
 * A button opening a searchable list of clients (accents and case ignored), each item toggled on
 * click or Enter: the dashboards' selection (docs/product.md#dashboard-filter) and a user's scope
 * (docs/product.md#user-scope).
 */
export function ClientSearchPopover({ label, labelId, clients, isSelected, onToggle, head }: ClientSearchPopoverProps) {
  const [search, setSearch] = useState('');
  const needle = foldForSearch(search.trim());
  const matches = clients.filter((c) => foldForSearch(c.name).includes(needle));
  const showHead = head !== undefined && (needle === '' || foldForSearch(head.label).includes(needle));
  return (
    <Popover onOpenChange={(open) => !open && setSearch('')}>
      <PopoverTrigger asChild>
        <Button variant="outline" className="min-w-64 justify-between" aria-describedby={labelId}>
          {label}
          <ChevronsUpDown className="opacity-50" aria-hidden />
        </Button>
      </PopoverTrigger>
      <PopoverContent className="w-80">
        <ClientSearchField value={search} onChange={(e) => setSearch(e.target.value)} />
        <ul
          role="listbox"
          aria-multiselectable="true"
          aria-labelledby={labelId}
          className="max-h-72 overflow-y-auto p-1"
        >
          {showHead && <Option label={head.label} selected={head.selected} onSelect={head.onSelect} />}
          {matches.map((c) => (
            <Option key={c.id} label={c.name} selected={isSelected(c.id)} onSelect={() => onToggle(c.id)} />
          ))}
          {!showHead && matches.length === 0 && (
            <li className="py-6 text-center text-sm text-muted-foreground">Aucun client trouvé.</li>
          )}
        </ul>
      </PopoverContent>
    </Popover>
  );
}

/** The search box atop a list of clients (« Rechercher un client... »), focused on opening. */
export function ClientSearchField(props: ComponentProps<'input'>) {
  return (
    <div className="flex items-center gap-2 border-b px-3">
      <Search className="size-4 shrink-0 opacity-50" aria-hidden />
      <input
        autoFocus
        placeholder="Rechercher un client..."
        aria-label="Rechercher un client"
        className="h-10 w-full bg-transparent text-sm outline-none placeholder:text-muted-foreground"
        {...props}
      />
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
