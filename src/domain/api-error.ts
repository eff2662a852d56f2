/**
 * The one HTTP error shape and the French description of validation issues. zod is imported for
 * its types only, so the browser can read error bodies without carrying zod.
 */
import type { z } from 'zod';
import type { Measure } from './measures';

/** Every error code an answer can carry (the API document lists them from here). */
export const API_ERROR_CODES = [
  'validation',
  'not_found',
  'conflict',
  'too_large',
  'locked',
  'internal',
  // The database cannot be reached for now (503; issue 19).
  'unavailable',
  // Access (issue 7): no or expired session, a cross-site request, too many sign-in failures.
  'unauthorized',
  'forbidden',
  'rate_limited',
  // Month closing (issue 14): a write that would change a closed month.
  'period_locked',
  // The server's disk is full (507), read-only or not its to write (503): nothing stored (ADR 040).
  'storage',
] as const;

/** The one HTTP error shape: `{ error: { code, message, issues? } }`. */
export interface ApiErrorBody {
  error: {
    code: (typeof API_ERROR_CODES)[number];
    message: string;
    issues?: { path: string; message: string }[];
    /**
     * A 409 `conflict` of an undo or of a save with `expected` (docs/product.md#conflicts): the cells
     * changed since, what they hold and what was expected (euros); for a save, also who changed each
     * last and when (null when the cell has no history).
     */
    cells?: {
      lineId: string;
      month: number;
      field: Measure;
      current: number | null;
      expected: number;
      by?: string | null;
      byName?: string | null;
      at?: string | null;
    }[];
  };
}

/** A dotted path for humans: `budgetData.<id>.0.lines.2.reel`. */
function pathText(path: readonly PropertyKey[]): string {
  return path.map(String).join('.');
}

/** zod issues → the French message (naming the first bad field) and the issue list. */
export function describeIssues(error: z.ZodError): { message: string; issues: { path: string; message: string }[] } {
  const issues = error.issues.map((i) => ({ path: pathText(i.path), message: i.message }));
  const first = issues[0];
  const message = !first
    ? 'Données invalides.'
    : first.path
      ? `Données invalides : « ${first.path} » — ${first.message}`
      : `Données invalides : ${first.message}`;
  return { message, issues };
}
