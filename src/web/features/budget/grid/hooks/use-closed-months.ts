/**
 * Month closing and read-only access in the grid (docs/product.md#month-closing,
 * docs/product.md#roles): the closed months of the year, and whether the caller may change
 * anything. Given to the cells through a context, so the rows keep their props (and their memo).
 */
import { createContext, useContext, useMemo } from 'react';
import { useReadOnly } from '@/web/lib/access';
import { isForecast, type Measure } from '@/domain/measures';
import { useLocks } from '@/web/lib/get-locks';
import { useIsValidated } from '@/web/lib/get-signoff';

export interface GridLocks {
  /** The closed months (0–11) of the year. */
  closed: ReadonlySet<number>;
  /** A viewer, or an admin looking as someone else: nothing is editable. */
  readOnly: boolean;
  /** The budget is validated (docs/product.md#sign-off): its forecast cells are read-only. */
  validated: boolean;
}

const NONE: GridLocks = { closed: new Set(), readOnly: false, validated: false };
export const GridLocksContext = createContext<GridLocks>(NONE);

export function useGridLocks(year: number, clientId: string): GridLocks {
  const locks = useLocks(year).data;
  const readOnly = useReadOnly();
  const validated = useIsValidated(year, clientId);
  return useMemo(
    () => ({ closed: new Set((locks ?? []).map((l) => l.month)), readOnly, validated }),
    [locks, readOnly, validated],
  );
}

/** Whether a cell can take a figure: not read-only, its month open, not a validated forecast. */
export const isWritable = (locks: GridLocks, month: number, measure: Measure) =>
  !locks.readOnly && !locks.closed.has(month) && !(locks.validated && isForecast(measure));

/** The grid's locks, in a row or a cell. */
export const useCellLocks = () => useContext(GridLocksContext);

/** The French notice of a paste that skipped closed cells (or a validated budget's forecasts). */
export const skippedClosedCells = (count: number) => `${count} cellule(s) clôturée(s) ignorée(s)`;
export const skippedValidatedCells = (count: number) =>
  `${count} cellule(s) ignorée(s) : clôturée(s), ou prévisions d'un budget validé`;
