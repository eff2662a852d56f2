import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/web/lib/api-client';
import { authKeys } from './keys';

type EnableAnswer = { totpURI: string; backupCodes: string[] };

/** Starts TOTP setup (password confirmed); it is on once a first code is verified (verifyTotp). */
export const enableTwoFactor = (password: string) =>
  api.post<EnableAnswer>('/api/auth/two-factor/enable', { password });

export const disableTwoFactor = (password: string) => api.post<unknown>('/api/auth/two-factor/disable', { password });

export const useEnableTwoFactor = () => useMutation({ mutationFn: enableTwoFactor });

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTwoFactor,
    // Not awaited: the session refetch flips the dialog to its other form, which would unmount the
    // caller before its own onSuccess (toast, close) ran.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: authKeys.session });
    },
  });
}

/** The base32 secret of an otpauth:// URI, for typing into an authenticator app by hand. */
export function totpSecret(uri: string): string {
  const secret = new URL(uri).searchParams.get('secret') ?? '';
  return secret.replace(/(.{4})/g, '$1 ').trim();
}
