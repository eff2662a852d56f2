import { useId, type ComponentProps } from 'react';
import { cn } from '@/web/lib/cn';

type FieldProps = ComponentProps<'input'> & { label: string; hint?: string };

/** A labelled text input in the product's style (the label is its accessible name). */
export function Field({ label, hint, className, ...props }: FieldProps) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-foreground">
        {label}
      </label>
      <input
        id={id}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className={cn(
          'h-9 rounded-md border border-input bg-card px-3 text-sm shadow-xs outline-none transition-colors',
          'placeholder:text-muted-foreground focus-visible:ring-2 focus-visible:ring-ring',
          className,
        )}
        {...props}
      />
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
    </div>
  );
}

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
