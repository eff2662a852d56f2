/** The toasts of docs/product.md#error-toasts, one place for every feature: destructive errors and successes. */
import { toast } from 'sonner';

/** A button in a toast: 'Annuler' after a change that can be taken back (docs/product.md#history). */
export type ToastAction = { label: string; onClick: () => void };

/** How long a toast with an action stays (ms): long enough to read it and reach its button. */
export const ACTION_TOAST_MS = 10_000;

/**
 * A destructive toast: a title and a French description; the cause, when given, goes to the
 * console (docs/product.md#error-toasts: every data failure is logged). `id` makes repeated failures of one kind (a
 * retried save) update a single toast instead of stacking them.
 */
export function notifyError(title: string, description: string, cause?: unknown, id?: string): void {
  if (cause !== undefined) console.error(`${title} : ${description}`, cause);
  toast.error(title, { description, id });
}

/**
 * A success toast, with an optional description; `action` adds a button (the toast then stays
 * longer and closes when it is pressed); `id` updates one toast instead of stacking them.
 */
export function notifySuccess(
  title: string,
  description?: string,
  { action, id }: { action?: ToastAction; id?: string } = {},
): void {
  toast.success(title, {
    description,
    id,
    ...(action && { action: { label: action.label, onClick: action.onClick }, duration: ACTION_TOAST_MS }),
  });
}

/** A warning toast: the change was made, but part of it was left out (a paste past December). */
export function notifyWarning(title: string, description: string): void {
  toast.warning(title, { description, duration: 8000 });
}
