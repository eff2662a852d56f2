import { useState, type FormEvent } from 'react';
import { Button } from '@/web/components/ui/button';
import { useSignIn, useVerifyTotp } from '../api/sign-in';
import { AuthCardPage } from './auth-card-page';
import { CodeField, Field, FormError, PasswordField } from './field';

/** Accounts mode without a session: email and password, then a TOTP code when the account has one. */
export function SignInPage() {
  const signIn = useSignIn();
  const verify = useVerifyTotp();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const needsCode = signIn.data?.twoFactorRedirect === true;

  const submitPassword = (event: FormEvent) => {
    event.preventDefault();
    signIn.mutate({ email: email.trim(), password });
  };
  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    verify.mutate(code.replace(/\s/g, ''));
  };

  return (
    <AuthCardPage
      title={needsCode ? 'Double authentification' : 'Connexion'}
      description={
        needsCode
          ? "Saisissez le code à 6 chiffres affiché par votre application d'authentification."
          : 'Connectez-vous avec le compte que votre administrateur vous a créé.'
      }
      footer={
        <p className="max-w-sm text-center text-xs text-muted-foreground">
          Mot de passe oublié ? Demandez à votre administrateur de le réinitialiser.
        </p>
      }
    >
      {needsCode ? (
        <form className="flex flex-col gap-4" onSubmit={submitCode}>
          <CodeField value={code} onChange={setCode} autoFocus />
          <FormError error={verify.error} />
          <Button type="submit" disabled={verify.isPending}>
            Vérifier
          </Button>
          <Button variant="link" size="sm" onClick={() => signIn.reset()}>
            Retour
          </Button>
        </form>
      ) : (
        <form className="flex flex-col gap-4" onSubmit={submitPassword}>
          <Field
            label="Email"
            type="email"
            autoComplete="username"
            required
            autoFocus
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <PasswordField value={password} onChange={setPassword} />
          <FormError error={signIn.error} />
          <Button type="submit" disabled={signIn.isPending}>
            Se connecter
          </Button>
        </form>
      )}
    </AuthCardPage>
  );
}
