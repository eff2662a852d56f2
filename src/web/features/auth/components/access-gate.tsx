import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Spinner } from '@/web/components/ui/spinner';
import { onUnauthorized } from '@/web/lib/api-client';
import { markSignedOut, useSession } from '../api/get-session';

// Accounts mode only: loaded on demand so the one-person local tool's first bundle stays small.
const SignInPage = lazy(() => import('./sign-in-page').then((m) => ({ default: m.SignInPage })));
const TemporaryPasswordPage = lazy(() =>
  import('./temporary-password-page').then((m) => ({ default: m.TemporaryPasswordPage })),
);

/**
 * Shows the app, or the sign-in page when the server is in accounts mode and nobody is signed in,
 * or the change of a temporary password before anything else (the server refuses the rest).
 * Any 401 (session expired, signed out elsewhere) brings the sign-in page back.
 */
export function AccessGate({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const session = useSession();
  useEffect(() => onUnauthorized(() => markSignedOut(queryClient)), [queryClient]);

  if (session.isPending) return <Spinner text="Chargement..." className="min-h-dvh" />;
  // Server unreachable: the app shows its own errors; in accounts mode every call will 401 anyway.
  if (session.data?.mode === 'accounts' && !session.data.user) {
    return (
      <Suspense fallback={<Spinner text="Chargement..." className="min-h-dvh" />}>
        <SignInPage />
      </Suspense>
    );
  }
  if (session.data?.mode === 'accounts' && session.data.user?.mustChangePassword) {
    return (
      <Suspense fallback={<Spinner text="Chargement..." className="min-h-dvh" />}>
        <TemporaryPasswordPage email={session.data.user.email} />
      </Suspense>
    );
  }
  return children;
}
