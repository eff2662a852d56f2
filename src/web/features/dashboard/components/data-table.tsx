import { Search } from 'lucide-react';
import { useId, useState } from 'react';
import { searchRows, sortRows } from '@/domain/dashboard/table';
import { Input } from '@/web/components/ui/input';
import { cn } from '@/web/lib/cn';
import { DataTableHead, STICKY_FIRST, type Column, type Sort } from './data-table-head';

export type { Column } from './data-table-head';

type DataTableProps<T extends { name: string }> = {
  /** The table's accessible name ('Marges par Projet'…). */
  label: string;
  /** What the search box finds ('un projet', 'un pôle'). */
  searchWhat: string;
  columns: readonly Column<T>[];
  rows: readonly T[];
  /** The TOTAL row of some rows: the ones shown (a search narrows it). */
  total?: (rows: readonly T[]) => T;
  /** A click on a row's name: its drill-down; `openLabel` names the action for assistive technology. */
  onOpen?: (row: T) => void;
  openLabel?: (row: T) => string;
  /** A line after the TOTAL's caption (rows of the selection the table leaves out, and why). */
  note?: string;
};

/**
 * A dashboard table (docs/product.md#dashboard-tables): every header sorts (`aria-sort`), a search box filters by name,
 * the header stays in view while the rows scroll, the name column while they scroll sideways, and
 * the TOTAL row says what it covers (and what the selection holds that the table does not list).
 */
export function DataTable<T extends { name: string }>({
  label,
  searchWhat,
  columns,
  rows,
  total,
  onOpen,
  openLabel,
  note,
}: DataTableProps<T>) {
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<Sort>(null);
  const searchId = useId();
  const found = searchRows(rows, search);
  const column = sort && columns.find((c) => c.key === sort.key);
  const shown = column && sort ? sortRows(found, column.value, sort.direction) : found;
  const filtered = shown.length !== rows.length;
  const totalRow = total?.(shown);

  const toggle = (key: string) =>
    setSort((s) =>
      s?.key !== key
        ? { key, direction: 'descending' }
        : s.direction === 'descending'
          ? { key, direction: 'ascending' }
          : null,
    );

  return (
    <div className="flex flex-col gap-3">
      <div className="relative w-full max-w-sm">
        <Search className="pointer-events-none absolute left-2.5 top-2.5 size-4 text-muted-foreground" aria-hidden />
        <Input
          id={searchId}
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder={`Rechercher ${searchWhat}…`}
          aria-label={`Rechercher dans ${label}`}
          className="pl-8"
        />
      </div>
      {/* Its own scroll box: the header sticks to its top while the rows scroll. */}
      <div className="max-h-[36rem] overflow-auto rounded-md border">
        <table aria-label={label} className="w-full caption-bottom text-sm">
          {totalRow && (
            <caption className="px-3 py-2 text-left text-xs text-muted-foreground">
              {filtered
                ? `TOTAL des ${shown.length} ligne(s) affichée(s) sur ${rows.length} (recherche « ${search.trim()} »)`
                : `TOTAL de toute la sélection (${rows.length} ligne(s))`}
              {note && <span className="block">{note}</span>}
            </caption>
          )}
          <DataTableHead columns={columns} sort={sort} onSort={toggle} />
          <tbody>
            {shown.map((row, i) => (
              <tr key={`${row.name}-${i}`} className="border-b transition-colors hover:bg-muted/50">
                {columns.map((c, k) => (
                  <td
                    key={c.key}
                    className={cn('px-3 py-2 align-middle', c.numeric && 'text-right', k === 0 && STICKY_FIRST)}
                  >
                    {k === 0 && onOpen ? (
                      <button
                        type="button"
                        onClick={() => onOpen(row)}
                        title={openLabel?.(row)}
                        className="text-left font-medium text-primary underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                      >
                        {c.render(row)}
                      </button>
                    ) : (
                      c.render(row)
                    )}
                  </td>
                ))}
              </tr>
            ))}
            {shown.length === 0 && (
              <tr>
                <td colSpan={columns.length} className="px-3 py-4 text-center text-muted-foreground">
                  {search.trim() === ''
                    ? 'Aucune ligne à afficher pour cette sélection.'
                    : `Aucune ligne ne correspond à « ${search.trim()} ».`}
                </td>
              </tr>
            )}
          </tbody>
          {totalRow && (
            <tfoot>
              <tr className="bg-muted/60 font-semibold">
                {columns.map((c, k) => (
                  <td
                    key={c.key}
                    className={cn(
                      'px-3 py-2 align-middle',
                      c.numeric && 'text-right',
                      k === 0 && 'sticky left-0 bg-muted',
                    )}
                  >
                    {k === 0 ? 'TOTAL' : c.render(totalRow)}
                  </td>
                ))}
              </tr>
            </tfoot>
          )}
        </table>
      </div>
    </div>
  );
}
