import { useState } from 'react';
import * as Popover from '@radix-ui/react-popover';
import { LogOut, MonitorX, ShieldCheck, UserRound } from 'lucide-react';
import { Button } from '@/web/components/ui/button';
import { useSession } from '../api/get-session';
import { useSignOut } from '../api/sign-out';
import { TwoFactorDialog } from './two-factor-dialog';

/** The signed-in user's menu (accounts mode only): two-factor, sign out here or everywhere. */
export function UserMenu() {
  const { data } = useSession();
  const signOut = useSignOut();
  const [isMenuOpen, setMenuOpen] = useState(false);
  const [isTwoFactorOpen, setTwoFactorOpen] = useState(false);
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
            <Button
              variant="ghost"
              size="sm"
              className="justify-start"
              onClick={() => {
                setMenuOpen(false);
                setTwoFactorOpen(true);
              }}
            >
              <ShieldCheck aria-hidden="true" />
              {twoFactorEnabled ? 'Double authentification : activée' : 'Activer la double authentification'}
            </Button>
            <Button
              variant="ghost"
              size="sm"
              className="justify-start"
              disabled={signOut.isPending}
              onClick={() => signOut.mutate(false)}
            >
              <LogOut aria-hidden="true" />
              Se déconnecter
            </Button>
            <Button
              variant="ghost"
              size="sm"
              className="justify-start"
              disabled={signOut.isPending}
              onClick={() => signOut.mutate(true)}
            >
              <MonitorX aria-hidden="true" />
              Se déconnecter partout
            </Button>
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
      <TwoFactorDialog open={isTwoFactorOpen} onOpenChange={setTwoFactorOpen} isEnabled={twoFactorEnabled} />
    </>
  );
}
