/**
 * Month closing and read-only access in the grid (docs/product.md#month-closing,
 * docs/product.md#roles): the closed months of the year, and whether the caller may change
 * anything. Given to the cells through a context, so the rows keep their props (and their memo).
 */
import { createContext, useContext, useMemo } from 'react';
import { useReadOnly } from '@/web/lib/access';
import { useLocks } from '@/web/lib/get-locks';

export interface GridLocks {
  /** The closed months (0–11) of the year. */
  closed: ReadonlySet<number>;
  /** A viewer, or an admin looking as someone else: nothing is editable. */
  readOnly: boolean;
}

const NONE: GridLocks = { closed: new Set(), readOnly: false };
export const GridLocksContext = createContext<GridLocks>(NONE);

export function useGridLocks(year: number): GridLocks {
  const locks = useLocks(year).data;
  const readOnly = useReadOnly();
  return useMemo(() => ({ closed: new Set((locks ?? []).map((l) => l.month)), readOnly }), [locks, readOnly]);
}

/** The grid's locks, in a row or a cell. */
export const useCellLocks = () => useContext(GridLocksContext);

/** The French notice of a paste that skipped closed cells. */
export const skippedClosedCells = (count: number) => `${count} cellule(s) clôturée(s) ignorée(s)`;
