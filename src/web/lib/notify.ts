/** The toasts of docs/product.md#error-toasts, one place for every feature: destructive errors and successes. */
import { toast } from 'sonner';

/**
 * A destructive toast: a title and a French description; the cause, when given, goes to the
 * console (docs/product.md#error-toasts: every data failure is logged). `id` makes repeated failures of one kind (a
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
