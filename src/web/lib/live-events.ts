/**
 * What the live stream says (GET /api/events, docs/product.md#live-browser), read into the model:
 * pure functions, so the browser's side of the contract is tested without a server. The server
 * validates what it sends; here an event that cannot be read is dropped (and the next resync or
 * reload brings the truth), never half applied.
 */
import { changeEventFromWire, type CellUpdate } from '@/domain';

/** A change another tab (or script) stored: a history entry of the stream's year. */
export type LiveChange = {
  historyId: number;
  /** null for a change of no single client (a restore): everything reloads. */
  clientId: string | null;
  year: number;
  /** The history source: `saisie`, `collage`, `import`, `report`, `annulation`, `structure`, `clôture`… */
  source: string;
  /** Who: the user's name (accounts mode) or the actor string, and its initials. */
  byName: string;
  byInitials: string;
  /**
   * The new cell values (cents) when the entry changed monthly figures only; null when it changed
   * anything else (structure, closing, a large import): what it touches is reloaded instead.
   */
  cells: CellUpdate[] | null;
};

/** The set of people viewing a client changed. */
export type LivePresence = { clientId: string; year: number };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

function parse(data: string): unknown {
  try {
    return JSON.parse(data);
  } catch {
    return undefined;
  }
}

/**
 * The `change` event's data, or null when it is this tab's own echo (`origin` === `tabId`:
 * docs/product.md#live-browser, the tab shows its change already) or unreadable. Cells that cannot
 * be read make the whole list null: the entry is then reloaded rather than applied in part.
 */
export function readChange(data: string, tabId: string): LiveChange | null {
  const event = changeEventFromWire(parse(data));
  if (!event || event.origin === tabId) return null;
  const { by: _by, origin: _origin, ...change } = event;
  return change;
}

/** The `presence` event's data (who views a client changed), or null when unreadable. */
export function readPresence(data: string): LivePresence | null {
  const v = parse(data);
  if (!isRecord(v) || typeof v.clientId !== 'string' || typeof v.year !== 'number') return null;
  return { clientId: v.clientId, year: v.year };
}
