import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/web/lib/api-client';
import { authKeys } from './keys';

/** The shortest password the server accepts (better-auth's minPasswordLength, user:create's minimum). */
export const MIN_PASSWORD_LENGTH = 12;

export type PasswordChange = { currentPassword: string; newPassword: string };

/**
 * POST /api/auth/change-password: the server checks the current password as at sign-in, ends every
 * other session and sets a new cookie for this one (docs/product.md#passwords).
 */
export const changePassword = (body: PasswordChange) => api.post<unknown>('/api/auth/change-password', body);

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    // A temporary password changed: the session's mustChangePassword flips and the app shows.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authKeys.session }),
  });
}

/** Why the new password cannot be sent yet, in French, or undefined. */
export function newPasswordIssue(newPassword: string, confirmation: string): string | undefined {
  if (newPassword.length > 0 && newPassword.length < MIN_PASSWORD_LENGTH)
    return `Au moins ${MIN_PASSWORD_LENGTH} caractères (${newPassword.length} saisis).`;
  if (confirmation.length > 0 && confirmation !== newPassword) return 'Les deux saisies diffèrent.';
  return undefined;
}
