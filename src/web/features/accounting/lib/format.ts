/** Amounts of the accounting answers (euros on the wire) as the tab shows them, through the one codec. */
import { centsFromWire } from '@/domain/codec';
import { formatEuros, formatEurosExact } from '@/domain/money';

/** Whole euros (« 1 235 € »), for the months' totals. */
export const euros = (value: number) => formatEuros(centsFromWire(value));

/** To the cent (« 1 234,56 € »), for a cell's value. */
export const eurosExact = (value: number) => formatEurosExact(centsFromWire(value));

/** « Réel » or « Achat »: the actual a ledger line feeds, as the grid names it. */
export const FIELD_LABELS = { reel: 'Réel', achat: 'Achat' } as const;
