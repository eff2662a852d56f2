import { useEffect, useState, type FormEvent } from 'react';
import { oidcResultOf, OIDC_TOTP_STEP } from '@/domain/sign-in';
import { Button } from '@/web/components/ui/button';
import { useSession } from '../api/get-session';
import { useSignIn, useVerifyTotp } from '../api/sign-in';
import { AuthCardPage } from './auth-card-page';
import { CodeField, Field, FormError, PasswordField } from './field';
import { OidcSignIn } from './oidc-sign-in';

/**
 * Accounts mode without a session: email and password and/or the agency's account
 * (docs/product.md#sign-in-oidc), then a TOTP code when the account has one.
 */
export function SignInPage() {
  const session = useSession();
  const offers = session.data?.mode === 'accounts' ? session.data.signIn : undefined;
  const password = offers?.password ?? true;
  // What the OIDC callback sent back (a refusal, or the TOTP step), read once, then out of the address.
  const [result, setResult] = useState(() => oidcResultOf(window.location.search));
  useEffect(() => {
    if (oidcResultOf(window.location.search) !== null) window.history.replaceState(null, '', window.location.pathname);
  }, []);
  const signIn = useSignIn();
  const needsCode = signIn.data?.twoFactorRedirect === true || result === OIDC_TOTP_STEP;
  const back = () => {
    signIn.reset();
    setResult(null);
  };

  return (
    <AuthCardPage
      title={needsCode ? 'Double authentification' : 'Connexion'}
      description={
        needsCode
          ? "Saisissez le code à 6 chiffres affiché par votre application d'authentification."
          : password
            ? 'Connectez-vous avec le compte que votre administrateur vous a créé.'
            : "Connectez-vous avec le compte de l'agence."
      }
      footer={
        password && (
          <p className="max-w-sm text-center text-xs text-muted-foreground">
            Mot de passe oublié ? Demandez à votre administrateur de le réinitialiser.
          </p>
        )
      }
    >
      {needsCode ? (
        <CodeStep onBack={back} />
      ) : (
        <>
          {password && <PasswordStep signIn={signIn} />}
          {offers?.oidc && <OidcSignIn refusal={result} alone={!password} />}
        </>
      )}
    </AuthCardPage>
  );
}

/** The mutation is the page's: its answer says whether the TOTP step comes next. */
function PasswordStep({ signIn }: { signIn: ReturnType<typeof useSignIn> }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    signIn.mutate({ email: email.trim(), password });
  };
  return (
    <form className="flex flex-col gap-4" onSubmit={submit}>
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
  );
}

function CodeStep({ onBack }: { onBack: () => void }) {
  const verify = useVerifyTotp();
  const [code, setCode] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    verify.mutate(code.replace(/\s/g, ''));
  };
  return (
    <form className="flex flex-col gap-4" onSubmit={submit}>
      <CodeField value={code} onChange={setCode} autoFocus />
      <FormError error={verify.error} />
      <Button type="submit" disabled={verify.isPending}>
        Vérifier
      </Button>
      <Button variant="link" size="sm" onClick={onBack}>
        Retour
      </Button>
    </form>
  );
}
