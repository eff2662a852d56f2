/**
 * One write of the mapping at a time, and its refusal: the server's French message as is (a 400
 * names the rule at fault), else `fallback`. Shared by « À affecter » and the rules card.
 */
import { useState } from 'react';
import { ApiError } from '@/web/lib/api-client';

export function useMappingWrite(fallback: string) {
  const [isPending, setIsPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  /** Runs `write`; true when it succeeded, else the refusal is in `error`. */
  async function run(write: () => Promise<unknown>): Promise<boolean> {
    setIsPending(true);
    setError(null);
    try {
      await write();
      return true;
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : fallback);
      return false;
    } finally {
      setIsPending(false);
    }
  }

  return { run, isPending, error, clearError: () => setError(null) };
}
