import { useState, type FormEvent } from 'react';
import { Button } from '@/web/components/ui/button';
import { newPasswordIssue, useChangePassword } from '../api/change-password';
import { FormError, PasswordField } from './field';

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
      <PasswordField label="Mot de passe actuel" autoFocus value={current} onChange={setCurrent} />
      <PasswordField
        label="Nouveau mot de passe"
        isNew
        hint="Au moins 12 caractères."
        value={next}
        onChange={setNext}
      />
      <PasswordField
        label="Confirmer le nouveau mot de passe"
        isNew
        issue={issue}
        value={confirmation}
        onChange={setConfirmation}
      />
      <FormError error={change.error} />
      <Button type="submit" disabled={change.isPending}>
        {submitLabel}
      </Button>
    </form>
  );
}
