/** The toasts of SPEC §8, one place for every feature: destructive errors and successes. */
import { toast } from 'sonner';

/**
 * A destructive toast: a title and a French description; the cause, when given, goes to the
 * console (SPEC §8: every data failure is logged). `id` makes repeated failures of one kind (a
 * retried save) update a single toast instead of stacking them.
 */
export function notifyError(title: string, description: string, cause?: unknown, id?: string): void {
  if (cause !== undefined) console.error(`${title} : ${description}`, cause);
  toast.error(title, { description, id });
}

/** A success toast, with an optional description. */
export function notifySuccess(title: string, description?: string): void {
  toast.success(title, { description });
}
