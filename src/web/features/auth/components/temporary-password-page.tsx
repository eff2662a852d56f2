import { Button } from '@/web/components/ui/button';
import { notifySuccess } from '@/web/lib/notify';
import { useSignOut } from '../api/sign-out';
import { AuthCardPage } from './auth-card-page';
import { ChangePasswordForm } from './change-password-form';

/**
 * Signed in with a temporary password (handed out by an admin): the server refuses everything
 * else until its owner chooses their own (docs/product.md#passwords), so this page comes first.
 */
export function TemporaryPasswordPage({ email }: { email: string }) {
  const signOut = useSignOut();
  return (
    <AuthCardPage
      title="Choisissez votre mot de passe"
      description={`${email} : le mot de passe reçu est temporaire. Choisissez le vôtre pour continuer.`}
      footer={
        <Button variant="link" size="sm" disabled={signOut.isPending} onClick={() => signOut.mutate(false)}>
          Se déconnecter
        </Button>
      }
    >
      <ChangePasswordForm
        submitLabel="Enregistrer et continuer"
        onDone={() => notifySuccess('Mot de passe enregistré', 'Bienvenue dans Budget & Marges.')}
      />
    </AuthCardPage>
  );
}
