/**
 * Reading a backup file in the browser (docs/product.md#restore): parse, validate completely with
 * anyBackupSchema (version 2, every year; or SPEC's one-year shape), and name the first problem by
 * exercice, client, pole, line and month. Separate from backup-json.ts because it needs zod: the
 * web app loads it only when a file is chosen.
 */
import { anyBackupSchema, type AnyBackupWire } from '../schemas';

/** What reading a backup file gives: the validated backup and the file's own value, or the first problem. */
export type ParsedBackup =
  | { ok: true; backup: AnyBackupWire; /** The parsed file as it is, sent to the server unchanged. */ raw: unknown }
  | { ok: false; message: string };

/** The French message of a file that is not a readable backup (docs/product.md#other-toasts). */
export const INVALID_BACKUP_FILE = "Le fichier n'est pas valide.";

/** `value[key]` of an unknown JSON value, or undefined. */
function child(value: unknown, key: PropertyKey): unknown {
  if (typeof value !== 'object' || value === null) return undefined;
  const found: unknown = Reflect.get(value, key);
  return found;
}

/** The `name` of a JSON object, quoted, when it has a text one. */
function named(kind: string, value: unknown, fallback: string): string {
  const name = child(value, 'name');
  return typeof name === 'string' && name.trim() !== '' ? `${kind} « ${name} »` : `${kind} ${fallback}`;
}

/** The client of `root`'s top-level list with this id (a version 2 year names its clients by id only). */
function listedClient(root: unknown, id: unknown): unknown {
  const clients = child(root, 'clients');
  return Array.isArray(clients) ? clients.find((c) => child(c, 'id') === id) : undefined;
}

/** `client « name »`, the name read from the item itself or, when it has none, from the top-level list. */
function namedClient(root: unknown, client: unknown, fallback: string): string {
  const name = child(client, 'name');
  return named('client', typeof name === 'string' ? client : listedClient(root, child(client, 'id')), fallback);
}

/**
 * Where an issue sits inside one year's data (`data`: the file itself in SPEC's shape, or one entry
 * of a version 2 file's `years`); `root` is the file, whose `clients` name them.
 */
function locateInYear(root: unknown, data: unknown, path: readonly PropertyKey[]): string[] {
  const parts: string[] = [];
  let i = 0;
  if (path[0] === 'clients' && typeof path[1] === 'number') {
    parts.push(namedClient(root, child(child(data, 'clients'), path[1]), `n° ${path[1] + 1}`));
    i = 2;
  } else if (path[0] === 'budgetData' && path[1] !== undefined) {
    const clientId = String(path[1]);
    parts.push(named('client', listedClient(root, clientId), clientId));
    const poles = child(child(data, 'budgetData'), clientId);
    if (typeof path[2] === 'number') {
      const pole = child(poles, path[2]);
      parts.push(named('pôle', pole, `n° ${path[2] + 1}`));
      if (path[3] === 'lines' && typeof path[4] === 'number') {
        parts.push(named('ligne', child(child(pole, 'lines'), path[4]), `n° ${path[4] + 1}`));
        i = 5;
      } else i = 3;
    } else i = 2;
  }
  const [field, month] = path.slice(i);
  if (field !== undefined) parts.push(String(field));
  // Below a field, a number indexes one of the 12 monthly values.
  if (typeof month === 'number') parts.push(`mois ${month + 1}`);
  return parts;
}

/**
 * Where an issue sits, in words a user can find in the file: `client « Acme », pôle « Paid »,
 * ligne « SEO local », reel, mois 3` rather than `budgetData.<uuid>.0.lines.2.reel.2`; in a
 * version 2 file, the exercice first (`exercice 2026, client « Acme », …` for
 * `years.0.budgetData.<uuid>…`).
 */
export function locateBackupIssue(raw: unknown, path: readonly PropertyKey[]): string {
  if (path[0] === 'years' && typeof path[1] === 'number') {
    const year = child(child(raw, 'years'), path[1]);
    const label = child(year, 'year');
    const exercice = typeof label === 'number' ? `exercice ${label}` : `exercice n° ${path[1] + 1}`;
    return [exercice, ...locateInYear(raw, year, path.slice(2))].join(', ');
  }
  return locateInYear(raw, raw, path).join(', ');
}

/**
 * Reads a backup file completely before anything changes (docs/product.md#restore): JSON syntax, then the
 * whole schema of its format (version 2 when it says so, else SPEC's one-year shape: 12 values
 * per array, finite amounts, unique ids, every budgetData key a listed client). A problem gives
 * the French message naming the first one, and where it is.
 */
export function parseBackupText(text: string): ParsedBackup {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { ok: false, message: INVALID_BACKUP_FILE };
  }
  const parsed = anyBackupSchema.safeParse(raw);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    const where = first ? locateBackupIssue(raw, first.path) : '';
    return {
      ok: false,
      message: `${INVALID_BACKUP_FILE} ${where ? `${where} : ` : ''}${first?.message ?? 'Données invalides.'}`,
    };
  }
  return { ok: true, backup: parsed.data, raw };
}
