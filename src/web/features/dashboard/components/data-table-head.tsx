import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import type { ReactNode } from 'react';
import type { SortDirection } from '@/domain/dashboard/table';
import { cn } from '@/web/lib/cn';

/** One column: its header, the value it sorts by (null: no value, sorted last) and how a cell shows. */
export type Column<T> = {
  key: string;
  label: string;
  /** A longer explanation on the header (`title`). */
  title?: string;
  /** Extra content in the header after the sort button (a formula's tooltip). */
  extra?: ReactNode;
  value: (row: T) => number | string | null;
  render: (row: T) => ReactNode;
  /** Amounts: right-aligned. */
  numeric?: boolean;
};

export type Sort = { key: string; direction: SortDirection } | null;

/** The first column stays in view while a wide table scrolls sideways (docs/product.md#dashboard-tables). */
export const STICKY_FIRST = 'sticky left-0 z-[5] bg-card shadow-[inset_-1px_0_0_var(--color-border)]';

/** The header row: each header a sort button (`aria-sort`), sticking to the top of the scroll box. */
export function DataTableHead<T>({
  columns,
  sort,
  onSort,
}: {
  columns: readonly Column<T>[];
  sort: Sort;
  onSort: (key: string) => void;
}) {
  return (
    <thead>
      <tr className="border-b">
        {columns.map((c, k) => {
          const direction = sort?.key === c.key ? sort.direction : undefined;
          const Icon = direction === 'ascending' ? ArrowUp : direction === 'descending' ? ArrowDown : ArrowUpDown;
          return (
            <th
              key={c.key}
              scope="col"
              aria-sort={direction ?? 'none'}
              title={c.title}
              className={cn(
                'sticky top-0 z-10 h-10 whitespace-nowrap bg-card px-3 align-middle font-medium text-muted-foreground shadow-[inset_0_-1px_0_var(--color-border)]',
                c.numeric ? 'text-right' : 'text-left',
                k === 0 && 'left-0 z-20',
              )}
            >
              <span className="inline-flex items-center gap-1">
                <button
                  type="button"
                  onClick={() => onSort(c.key)}
                  className="inline-flex items-center gap-1 rounded hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                >
                  {c.label}
                  <Icon className="size-3.5 shrink-0" aria-hidden />
                </button>
                {c.extra}
              </span>
            </th>
          );
        })}
      </tr>
    </thead>
  );
}
