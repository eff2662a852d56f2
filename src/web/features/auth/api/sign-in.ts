import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/web/lib/api-client';
import { authKeys } from './keys';

export type SignInInput = { email: string; password: string };
/** better-auth answers `twoFactorRedirect` when the account has TOTP on: a code is needed next. */
type SignInAnswer = { twoFactorRedirect?: boolean };

export const signIn = (input: SignInInput) => api.post<SignInAnswer>('/api/auth/sign-in/email', input);

/** Second step of a sign-in with two-factor, or confirmation of a TOTP being set up. */
export const verifyTotp = (code: string) => api.post<unknown>('/api/auth/two-factor/verify-totp', { code });

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: async (answer) => {
      if (!answer.twoFactorRedirect) await queryClient.invalidateQueries({ queryKey: authKeys.session });
    },
  });
}

export function useVerifyTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyTotp,
    // Not awaited: the session refetch flips the dialog to its other form, which would unmount the
    // caller before its own onSuccess (toast, close) ran.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: authKeys.session });
    },
  });
}
