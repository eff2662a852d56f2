import { Field } from '@/web/components/ui/field';

export { Field };

/** The French message of a failed request, in an alert (announced by screen readers). */
export function FormError({ error }: { error: Error | null }) {
  if (!error) return null;
  return (
    <p
      role="alert"
      className="rounded-md border border-destructive/30 bg-destructive/10 px-3 py-2 text-sm text-destructive"
    >
      {error.message}
    </p>
  );
}

type ValueProps = { value: string; onChange: (value: string) => void; autoFocus?: boolean };

/** The 6-digit code of an authenticator app. */
export function CodeField({ value, onChange, autoFocus }: ValueProps) {
  return (
    <Field
      label="Code de vérification"
      inputMode="numeric"
      autoComplete="one-time-code"
      required
      autoFocus={autoFocus}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

type PasswordFieldProps = ValueProps & {
  /** 'Mot de passe' (the current one) unless told. */
  label?: string;
  /** A new password: `new-password` for the browser's password manager. */
  isNew?: boolean;
  hint?: string;
  issue?: string | undefined;
};

/** A password: the current one (sign-in, confirming a security change), or a new one. */
export function PasswordField({ value, onChange, label = 'Mot de passe', isNew = false, ...rest }: PasswordFieldProps) {
  return (
    <Field
      label={label}
      type="password"
      autoComplete={isNew ? 'new-password' : 'current-password'}
      required
      value={value}
      onChange={(e) => onChange(e.target.value)}
      {...rest}
    />
  );
}
