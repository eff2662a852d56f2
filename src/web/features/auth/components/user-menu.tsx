import { useState } from 'react';
import * as Popover from '@radix-ui/react-popover';
import { KeyRound, LogOut, MonitorX, ShieldCheck, UserRound } from 'lucide-react';
import { Button } from '@/web/components/ui/button';
import { useSession } from '../api/get-session';
import { useSignOut } from '../api/sign-out';
import { ChangePasswordDialog } from './change-password-dialog';
import { TwoFactorDialog } from './two-factor-dialog';

/** Sign out of this browser, or of every session of the account. */
const SIGN_OUTS = [
  { everywhere: false, label: 'Se déconnecter', Icon: LogOut },
  { everywhere: true, label: 'Se déconnecter partout', Icon: MonitorX },
] as const;

/** The signed-in user's menu (accounts mode only): password, two-factor, sign out here or everywhere. */
export function UserMenu() {
  const { data } = useSession();
  const signOut = useSignOut();
  const [isMenuOpen, setMenuOpen] = useState(false);
  const [isTwoFactorOpen, setTwoFactorOpen] = useState(false);
  const [isPasswordOpen, setPasswordOpen] = useState(false);
  if (data?.mode !== 'accounts' || !data.user) return null;
  const { email, twoFactorEnabled } = data.user;

  return (
    <>
      <Popover.Root open={isMenuOpen} onOpenChange={setMenuOpen}>
        <Popover.Trigger asChild>
          <Button variant="outline" size="sm" aria-label={`Compte ${email}`}>
            <UserRound aria-hidden="true" />
            <span className="max-w-48 truncate">{email}</span>
          </Button>
        </Popover.Trigger>
        <Popover.Portal>
          <Popover.Content
            align="end"
            sideOffset={6}
            className="z-50 flex w-64 flex-col gap-1 rounded-lg border bg-popover p-2 text-popover-foreground shadow-md"
          >
            <p className="truncate px-2 py-1.5 text-xs text-muted-foreground">Connecté : {email}</p>
            {[
              { label: 'Changer le mot de passe', Icon: KeyRound, open: setPasswordOpen },
              {
                label: twoFactorEnabled ? 'Double authentification : activée' : 'Activer la double authentification',
                Icon: ShieldCheck,
                open: setTwoFactorOpen,
              },
            ].map(({ label, Icon, open }) => (
              <Button
                key={label}
                variant="ghost"
                size="sm"
                className="justify-start"
                onClick={() => {
                  setMenuOpen(false);
                  open(true);
                }}
              >
                <Icon aria-hidden="true" />
                {label}
              </Button>
            ))}
            {SIGN_OUTS.map(({ everywhere, label, Icon }) => (
              <Button
                key={label}
                variant="ghost"
                size="sm"
                className="justify-start"
                disabled={signOut.isPending}
                onClick={() => signOut.mutate(everywhere)}
              >
                <Icon aria-hidden="true" />
                {label}
              </Button>
            ))}
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
      <ChangePasswordDialog open={isPasswordOpen} onOpenChange={setPasswordOpen} />
      <TwoFactorDialog open={isTwoFactorOpen} onOpenChange={setTwoFactorOpen} isEnabled={twoFactorEnabled} />
    </>
  );
}
