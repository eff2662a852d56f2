/**
 * Who makes a request, for the change history (docs/product.md#history): the signed-in user's
 * email in accounts mode (set by requireSession), `local` without accounts.
 */
import type { Context } from 'hono';
import { LOCAL_ACTOR } from '@/domain/history';

declare module 'hono' {
  interface ContextVariableMap {
    actor: string;
  }
}

export function actorOf(c: Context): string {
  return c.get('actor') ?? LOCAL_ACTOR;
}
