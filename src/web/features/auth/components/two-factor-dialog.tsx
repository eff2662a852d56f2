import { useState, type FormEvent } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { Button } from '@/web/components/ui/button';
import { useVerifyTotp } from '../api/sign-in';
import { totpSecret, useDisableTwoFactor, useEnableTwoFactor } from '../api/two-factor';
import { CodeField, FormError, PasswordField } from './field';
import { notifySuccess } from '@/web/lib/notify';

type TwoFactorDialogProps = { open: boolean; onOpenChange: (open: boolean) => void; isEnabled: boolean };

/**
 * TOTP for the signed-in user: confirm the password, add the key to an authenticator app, type a
 * first code to turn it on (so a mistyped key cannot lock anyone out); or turn it off.
 */
export function TwoFactorDialog({ open, onOpenChange, isEnabled }: TwoFactorDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-foreground/30" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 flex w-full max-w-md -translate-x-1/2 -translate-y-1/2 flex-col gap-4 rounded-lg border bg-card p-6 shadow-lg">
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-lg font-semibold">Double authentification</Dialog.Title>
            <Dialog.Close asChild>
              <Button variant="ghost" size="icon" aria-label="Fermer">
                <X aria-hidden="true" />
              </Button>
            </Dialog.Close>
          </div>
          {open &&
            (isEnabled ? (
              <DisableForm onDone={() => onOpenChange(false)} />
            ) : (
              <EnableSteps onDone={() => onOpenChange(false)} />
            ))}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** Confirms a change with a toast and closes the dialog. */
const closeWith = (message: string, onDone: () => void) => () => {
  notifySuccess(message);
  onDone();
};

function EnableSteps({ onDone }: { onDone: () => void }) {
  const enable = useEnableTwoFactor();
  const verify = useVerifyTotp();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');

  if (!enable.data) {
    const submit = (event: FormEvent) => {
      event.preventDefault();
      enable.mutate(password);
    };
    return (
      <form className="flex flex-col gap-4" onSubmit={submit}>
        <Dialog.Description className="text-sm text-muted-foreground">
          À chaque connexion, un code de votre application d&apos;authentification sera demandé en plus du mot de passe.
        </Dialog.Description>
        <PasswordField value={password} onChange={setPassword} />
        <FormError error={enable.error} />
        <Button type="submit" disabled={enable.isPending}>
          Continuer
        </Button>
      </form>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    verify.mutate(code.replace(/\s/g, ''), { onSuccess: closeWith('Double authentification activée.', onDone) });
  };
  return (
    <form className="flex flex-col gap-4" onSubmit={submit}>
      <Dialog.Description className="text-sm text-muted-foreground">
        Ajoutez cette clé dans votre application d&apos;authentification (type « basée sur le temps »), puis saisissez
        le code qu&apos;elle affiche.
      </Dialog.Description>
      <label className="flex flex-col gap-1.5 text-sm font-medium">
        Clé secrète
        <textarea
          readOnly
          rows={2}
          value={totpSecret(enable.data.totpURI)}
          onFocus={(e) => e.target.select()}
          className="resize-none rounded-md border border-input bg-muted px-3 py-2 text-center font-mono text-sm font-normal"
        />
      </label>
      <details className="text-xs text-muted-foreground">
        <summary className="cursor-pointer">Codes de secours (à conserver en lieu sûr)</summary>
        <ul className="mt-2 grid grid-cols-2 gap-1 font-mono">
          {enable.data.backupCodes.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
      </details>
      <CodeField value={code} onChange={setCode} />
      <FormError error={verify.error} />
      <Button type="submit" disabled={verify.isPending}>
        Activer
      </Button>
    </form>
  );
}

function DisableForm({ onDone }: { onDone: () => void }) {
  const disable = useDisableTwoFactor();
  const [password, setPassword] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    disable.mutate(password, { onSuccess: closeWith('Double authentification désactivée.', onDone) });
  };
  return (
    <form className="flex flex-col gap-4" onSubmit={submit}>
      <Dialog.Description className="text-sm text-muted-foreground">
        La double authentification est activée sur votre compte. Confirmez votre mot de passe pour la désactiver.
      </Dialog.Description>
      <PasswordField value={password} onChange={setPassword} />
      <FormError error={disable.error} />
      <Button type="submit" variant="destructive" disabled={disable.isPending}>
        Désactiver
      </Button>
    </form>
  );
}
