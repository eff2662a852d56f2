/**
 * The one HTTP error shape and the French description of validation issues. zod is imported for
 * its types only, so the browser can read error bodies without carrying zod.
 */
import type { z } from 'zod';
import type { ErrorAnswer } from './answers';

export { API_ERROR_CODES } from './error-codes';

/**
 * The one HTTP error shape: `{ error: { code, message, issues? } }`; for a 409 `conflict` of an
 * undo or of a save with `expected` (docs/product.md#conflicts), also `cells`. Its schema is
 * `errorAnswer` (answers.ts).
 */
export type ApiErrorBody = ErrorAnswer;

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
