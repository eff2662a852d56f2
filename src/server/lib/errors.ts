/**
 * One error shape for every response: `{ error: { code, message, issues? } }`, with a French
 * message the UI shows as it is. Unexpected faults are logged and answered with a generic 500
 * (never a stack trace).
 */
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
import { describeIssues, type ApiErrorBody } from '@/domain/api-error';
import { periodLockedMessage } from '@/domain/control';
import { loneSurrogatePath } from '@/domain/json-walk';
import { CentsOverflowError } from '@/domain/money';
import { budgetValidatedMessage } from '@/domain/signoff';
import { yearQuery } from '@/domain/schemas';
import { errorCode, FAILED_STATEMENT } from '@/server/db/client';
import { defaultYearOf, fiscalOf } from './fiscal-context';
import { clientYearTooLarge } from './messages';
import { STORAGE_FULL, STORAGE_UNWRITABLE, storageFailure } from './storage-failure';

type Code = ApiErrorBody['error']['code'];

export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: Code,
    message: string,
    readonly issues?: { path: string; message: string }[],
    /** More fields of the error object (a conflict's `cells`). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const notFound = (message: string) => new ApiError(404, 'not_found', message);
export const conflict = (message: string) => new ApiError(409, 'conflict', message);

/** Parses `input` with `schema`, or throws a 400 ApiError naming the first bad field. */
export function validate<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    const { message, issues } = describeIssues(parsed.error);
    throw new ApiError(400, 'validation', message, issues);
  }
  return parsed.data;
}

/**
 * The `?year=` of a request (docs/product.md#budget-years): when absent, the fiscal year holding
 * today (docs/product.md#fiscal-years); a 400 when bad.
 */
export async function yearOf(c: Context): Promise<number> {
  return validate(yearQuery, c.req.query()).year ?? (await defaultYearOf(c));
}

/**
 * Runs the wire → cents codec on a validated body. The schema already bounds every amount, so the
 * codec's boundary check (assertCents) should never fail here; if it does, the amount is the
 * client's fault: a 400, as PostgreSQL's own overflow is (see pgClientError), never a 500.
 */
export function decodeAmounts<W, M>(decode: (wire: W) => M, wire: W): M {
  try {
    return decode(wire);
  } catch (err) {
    if (err instanceof RangeError) throw new ApiError(400, 'validation', 'Montant hors limites.');
    throw err;
  }
}

/**
 * True for `application/json`, alone or with a `charset=utf-8` parameter. A header that merely
 * contains it (`text/plain; application/json`, `application/jsonp`) is not JSON: browsers send
 * `text/plain` cross-site without a preflight.
 */
export function isJsonContentType(header: string): boolean {
  const [type, ...params] = header.split(';').map((p) => p.trim().toLowerCase());
  return type === 'application/json' && params.every((p) => /^charset="?utf-8"?$/.test(p));
}

export const NOT_JSON = 'Le corps de la requête doit être du JSON (Content-Type: application/json).';
export const INVALID_JSON = "Le corps de la requête n'est pas un JSON valide.";

/** Reads the JSON body; a body that is not JSON is a 400, not a crash. */
export async function readJson(c: Context): Promise<unknown> {
  if (!isJsonContentType(c.req.header('content-type') ?? '')) {
    throw new ApiError(400, 'validation', NOT_JSON);
  }
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new ApiError(400, 'validation', INVALID_JSON);
  }
  // `"\ud800"` is valid JSON but no UTF-8 text: PostgreSQL would refuse it mid-write (a 500).
  const at = loneSurrogatePath(body);
  if (at) {
    const path = at.join('.');
    throw new ApiError(
      400,
      'validation',
      `Données invalides : ${path ? `« ${path} » — ` : ''}le texte contient un caractère invalide (demi-paire UTF-16).`,
    );
  }
  return body;
}

export function errorBody(
  code: Code,
  message: string,
  issues?: { path: string; message: string }[],
  extra?: Record<string, unknown>,
): ApiErrorBody {
  return { error: { code, message, ...(issues ? { issues } : {}), ...extra } };
}

/** PostgreSQL error codes that are the client's fault rather than ours. */
function pgClientError(err: unknown): ApiError | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  if (code === '23503') return notFound("L'élément référencé n'existe pas (ou plus).");
  if (code === '23505') return conflict('Cet élément existe déjà.');
  if (code === '22003') return new ApiError(400, 'validation', 'Montant hors limites.');
  if (code === PERIOD_LOCKED_SQLSTATE) return periodLocked(err);
  if (code === CLIENT_YEAR_BOUND_SQLSTATE) return clientYearBound(err);
  if (code === BUDGET_VALIDATED_SQLSTATE) return budgetValidated(err);
  return undefined;
}

/** The French text of every 503: the database cannot be reached (a PostgreSQL restart, a network cut). */
export const DB_UNAVAILABLE = 'La base de données est momentanément injoignable. Réessayez dans quelques instants.';

/**
 * Node and PostgreSQL codes of a lost or refused connection: the server or the network, not the
 * request. SQLSTATE class 08 (connection exception), 57P01–57P03 (the server shutting down or
 * starting), and the socket errors of node-postgres.
 */
const UNREACHABLE_CODES =
  /^(08...|57P0[123]|ECONNREFUSED|ECONNRESET|EPIPE|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|ENOTFOUND|EAI_AGAIN)$/;
/** node-postgres' own messages for the same (they carry no code). */
const UNREACHABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|not queryable|Client was closed|Connection ended/i;

/** True when `err` says the database is unreachable rather than that the request is wrong. */
export function isDbUnreachable(err: unknown): boolean {
  if (UNREACHABLE_CODES.test(errorCode(err))) return true;
  if (err instanceof AggregateError) return err.errors.some(isDbUnreachable);
  return err instanceof Error && UNREACHABLE_MESSAGES.test(err.message);
}

/**
 * What the log says of a failure. A database error gives its SQLSTATE and the statement that
 * failed (its SQL as written in the code), never the message, detail or parameters: those quote
 * the values (client names, amounts). Any other error gives its stack.
 */
export function describeFailure(err: unknown): string {
  const statement = (err as { [FAILED_STATEMENT]?: string } | null)?.[FAILED_STATEMENT];
  const code = errorCode(err);
  if (statement !== undefined || /^[0-9A-Z]{5}$/.test(code)) {
    return `erreur SQL ${code} sur « ${statement ?? '?'} »`;
  }
  if (isDbUnreachable(err)) return `base de données injoignable (${code})`;
  return err instanceof Error ? (err.stack ?? `${err.name}: ${err.message}`) : String(err);
}

/** Raised by the database's closing triggers (migration 0007, ADR 032). */
const PERIOD_LOCKED_SQLSTATE = 'BMLCK';

/** The trigger's `period_locked YEAR-MONTH` → 409 `period_locked` naming the month. */
function periodLocked(err: unknown): ApiError {
  const match = /period_locked (\d+)-(\d+)/.exec((err as { message?: string }).message ?? '');
  const [year, month] = match ? [Number(match[1]), Number(match[2])] : [0, 0];
  return new ApiError(409, 'period_locked', periodLockedMessage(year, month), undefined, { year, month });
}

/**
 * The `period_locked` message naming the month as the fiscal year does (« Septembre 2025 est
 * clôturé… »): the trigger only knows the year and the position. The failed write's transaction
 * is over, so the setting is read on its own; if that read fails too, the calendar name stays.
 */
async function periodLockedText(known: ApiError, c: Context): Promise<string> {
  const { year, month } = known.extra as { year: number; month: number };
  const fiscal = await fiscalOf(c).catch(() => undefined);
  return fiscal ? periodLockedMessage(year, month, fiscal) : known.message;
}

/** Raised by the sign-off triggers (migration 0018, ADR 052): a forecast write on a validated budget. */
const BUDGET_VALIDATED_SQLSTATE = 'BMVAL';

/** The trigger's `budget_validated YEAR NAME` → 409 `budget_validated` naming the budget. */
function budgetValidated(err: unknown): ApiError {
  const match = /budget_validated (\d+) (.*)$/s.exec((err as { message?: string }).message ?? '');
  return new ApiError(409, 'budget_validated', budgetValidatedMessage(Number(match?.[1] ?? 0), match?.[2] ?? '?'));
}

/** Raised by the bound on a client's year (migration 0009): its figures would sum beyond a cell's maximum. */
const CLIENT_YEAR_BOUND_SQLSTATE = 'BMSUM';

/** The trigger's `client_year_bound YEAR` → 400 naming the year. */
function clientYearBound(err: unknown): ApiError {
  const year = Number(/client_year_bound (\d+)/.exec((err as { message?: string }).message ?? '')?.[1] ?? 0);
  return new ApiError(400, 'validation', clientYearTooLarge(year));
}

/** The French text of every 413: a body over its route's limit. */
export const TOO_LARGE = 'La requête est trop volumineuse.';

/** bodyLimit's onError: a 413 in the one error shape. */
export function tooLarge(): never {
  throw new ApiError(413, 'too_large', TOO_LARGE);
}

/** Hono's onError: known errors to their status, anything else to a logged 500. */
export async function handleError(err: unknown, c: Context) {
  // A total beyond 2^53 cents (money.ts) is refused, not rounded: 422 with its French reason.
  const overflow = err instanceof CentsOverflowError ? new ApiError(422, 'validation', err.message) : undefined;
  const known = err instanceof ApiError ? err : (overflow ?? pgClientError(err));
  if (known) {
    const message = known.code === 'period_locked' ? await periodLockedText(known, c) : known.message;
    return c.json(errorBody(known.code, message, known.issues, known.extra), known.status);
  }
  if (err instanceof HTTPException && err.status === 413) {
    return c.json(errorBody('too_large', TOO_LARGE), 413);
  }
  if (err instanceof HTTPException && err.status < 500) {
    return c.json(errorBody('validation', 'Requête invalide.'), err.status);
  }
  // The stack goes to the server's log only, with the request id of its request-log line; a
  // failed statement is named by its SQL and SQLSTATE, never its values (they hold client names).
  const failed = `${c.req.method} ${c.req.path} failed (${(c.get('requestId') as string | undefined) ?? '-'})`;
  if (isDbUnreachable(err)) {
    console.error(`${failed}: ${describeFailure(err)}`);
    c.header('Retry-After', '5');
    return c.json(errorBody('unavailable', DB_UNAVAILABLE), 503);
  }
  // A full disk, or one the server may not write: said in French, and logged like any fault (ADR 040).
  const storage = storageFailure(err);
  if (storage) {
    console.error(`${failed}: ${describeFailure(err)}`);
    return storage === 'full'
      ? c.json(errorBody('storage', STORAGE_FULL), 507)
      : c.json(errorBody('storage', STORAGE_UNWRITABLE), 503);
  }
  console.error(`${failed}: ${describeFailure(err)}`);
  return c.json(errorBody('internal', 'Erreur interne du serveur. Réessayez plus tard.'), 500);
}
