import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/web/lib/api-client';
import { markSignedOut } from './get-session';

/** Ends this session, or (everywhere) every session of the user, this one included. */
export const signOut = (everywhere: boolean) =>
  api.post<unknown>(everywhere ? '/api/auth/revoke-sessions' : '/api/auth/sign-out', {});

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSuccess: () => markSignedOut(queryClient),
  });
}
