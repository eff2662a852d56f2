import { toast } from 'sonner';
import { ApiError } from '../../../lib/api-client';

/** A destructive toast (SPEC §8): a title and a French description; the cause goes to the console. */
export function notifyError(title: string, description: string, cause?: unknown): void {
  if (cause !== undefined) console.error(`${title} : ${description}`, cause);
  toast.error(title, { description });
}

export function notifySuccess(title: string, description: string): void {
  toast.success(title, { description });
}

/** The French message of a failed call: the server's own when it sent one. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError ? error.message : fallback;
}

/** `1 client`, `3 clients`. */
export function clientCount(n: number): string {
  return `${n} client${n > 1 ? 's' : ''}`;
}
