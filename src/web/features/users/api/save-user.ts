import { useQueryClient } from '@tanstack/react-query';
import { notifyError } from '@/web/lib/notify';
import { sharedKeys } from '@/web/lib/query-keys';

export const usersKey = [...sharedKeys.data, 'users'] as const;

/** Sends a change of the users page, then reads the list again; a refusal is a toast. */
export function useSave() {
  const queryClient = useQueryClient();
  return async <T>(send: () => Promise<T>): Promise<T | null> => {
    try {
      const result = await send();
      await queryClient.invalidateQueries({ queryKey: usersKey });
      return result;
    } catch (error) {
      notifyError('Action refusée', error instanceof Error ? error.message : String(error), error);
      return null;
    }
  };
}
