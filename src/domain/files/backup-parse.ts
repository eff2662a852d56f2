/**
 * Reading a backup file in the browser (docs/product.md#restore): parse, validate completely with backupSchema,
 * and name the first problem by client, pole, line and month. Separate from backup-json.ts because
 * it needs zod: the web app loads it only when a file is chosen.
 */
import { backupSchema, type BackupWire } from '../schemas';

/** What reading a backup file gives: the validated backup and the file's own value, or the first problem. */
export type ParsedBackup =
  | { ok: true; backup: BackupWire; /** The parsed file as it is, sent to the server unchanged. */ raw: unknown }
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

/**
 * Where an issue sits, in words a user can find in the file: `client « Acme », pôle « Paid »,
 * ligne « SEO local », reel, mois 3` rather than `budgetData.<uuid>.0.lines.2.reel.2`.
 */
export function locateBackupIssue(raw: unknown, path: readonly PropertyKey[]): string {
  const parts: string[] = [];
  let i = 0;
  if (path[0] === 'clients' && typeof path[1] === 'number') {
    parts.push(named('client', child(child(raw, 'clients'), path[1]), `n° ${path[1] + 1}`));
    i = 2;
  } else if (path[0] === 'budgetData' && path[1] !== undefined) {
    const clientId = String(path[1]);
    const clients = child(raw, 'clients');
    const client = Array.isArray(clients) ? clients.find((c) => child(c, 'id') === clientId) : undefined;
    parts.push(named('client', client, clientId));
    const poles = child(child(raw, 'budgetData'), clientId);
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
  return parts.join(', ');
}

/**
 * Reads a backup file completely before anything changes (docs/product.md#restore): JSON syntax, then the
 * whole schema (12 values per array, finite amounts, unique ids, every budgetData key a listed
 * client). A problem gives the French message naming the first one, and where it is.
 */
export function parseBackupText(text: string): ParsedBackup {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { ok: false, message: INVALID_BACKUP_FILE };
  }
  const parsed = backupSchema.safeParse(raw);
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
