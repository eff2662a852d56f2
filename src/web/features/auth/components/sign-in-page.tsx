import { useState, type FormEvent } from 'react';
import { Logo } from '@/web/components/brand/logo';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/web/components/ui/card';
import { useSignIn, useVerifyTotp } from '../api/sign-in';
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
    <div className="flex min-h-dvh flex-col items-center justify-center gap-8 bg-background px-4 py-12">
      <div className="flex items-center gap-3">
        <Logo className="size-10" />
        <span className="text-2xl font-semibold tracking-tight text-foreground">Budget &amp; Marges</span>
      </div>
      <Card className="w-full max-w-sm">
        <CardHeader>
          <h1 className="text-lg font-semibold leading-none tracking-tight">
            {needsCode ? 'Double authentification' : 'Connexion'}
          </h1>
          <CardDescription>
            {needsCode
              ? "Saisissez le code à 6 chiffres affiché par votre application d'authentification."
              : 'Connectez-vous avec le compte que votre administrateur vous a créé.'}
          </CardDescription>
        </CardHeader>
        <CardContent>
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
        </CardContent>
      </Card>
      <p className="max-w-sm text-center text-xs text-muted-foreground">
        Mot de passe oublié ? Demandez à votre administrateur de le réinitialiser.
      </p>
    </div>
  );
}
