import { useState, type FormEvent } from 'react';
import { Button } from '@/web/components/ui/button';
import { newPasswordIssue, useChangePassword } from '../api/change-password';
import { Field, FormError } from './field';

/** The current password, the new one twice; `onDone` once the server changed it. */
export function ChangePasswordForm({ onDone, submitLabel }: { onDone: () => void; submitLabel: string }) {
  const change = useChangePassword();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const issue = newPasswordIssue(next, confirmation);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (issue || next !== confirmation) return;
    change.mutate({ currentPassword: current, newPassword: next }, { onSuccess: onDone });
  };

  return (
    <form className="flex flex-col gap-4" onSubmit={submit}>
      <Field
        label="Mot de passe actuel"
        type="password"
        autoComplete="current-password"
        required
        autoFocus
        value={current}
        onChange={(e) => setCurrent(e.target.value)}
      />
      <Field
        label="Nouveau mot de passe"
        type="password"
        autoComplete="new-password"
        required
        hint="Au moins 12 caractères."
        value={next}
        onChange={(e) => setNext(e.target.value)}
      />
      <Field
        label="Confirmer le nouveau mot de passe"
        type="password"
        autoComplete="new-password"
        required
        issue={issue}
        value={confirmation}
        onChange={(e) => setConfirmation(e.target.value)}
      />
      <FormError error={change.error} />
      <Button type="submit" disabled={change.isPending}>
        {submitLabel}
      </Button>
    </form>
  );
}
