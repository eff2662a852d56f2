import { ApiError } from '@/web/lib/api-client';

/** The French message of a failed call: the server's own when it sent one. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError ? error.message : fallback;
}

/** `1 client`, `3 clients`. */
export function clientCount(n: number): string {
  return `${n} client${n > 1 ? 's' : ''}`;
}
