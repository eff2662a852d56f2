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

/** The current password (sign-in, or confirming a security change). */
export function PasswordField({ value, onChange }: ValueProps) {
  return (
    <Field
      label="Mot de passe"
      type="password"
      autoComplete="current-password"
      required
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
