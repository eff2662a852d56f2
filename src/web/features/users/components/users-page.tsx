/**
 * 'Utilisateurs' (docs/product.md#roles), for admins: create a user (the temporary password is shown
 * once; an editor or a viewer starts with no client, docs/product.md#user-scope), and each user's
 * row (user-row.tsx).
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { UserPlus } from 'lucide-react';
import type { Role, UserWire } from '@/domain/control';
import type { CreatedUserAnswer } from '@/domain/answers';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Field } from '@/web/components/ui/field';
import { api } from '@/web/lib/api-client';
import { notifySuccess } from '@/web/lib/notify';
import { useSave, usersKey } from '../api/save-user';
import { RoleSelect } from './role-select';
import { UserRow } from './user-row';

export function UsersPage() {
  const users = useQuery({ queryKey: usersKey, queryFn: ({ signal }) => api.get<UserWire[]>('/api/users', signal) });
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-semibold tracking-tight">Utilisateurs</h1>
      <NewUserCard />
      <Card>
        <CardHeader>
          <CardTitle className="text-base">Comptes</CardTitle>
          <CardDescription>
            Administrateur : tout (utilisateurs, restauration, clôture). Éditeur : modifie les clients de son périmètre.
            Lecteur : consulte les clients de son périmètre.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col divide-y">
          {(users.data ?? []).map((user) => (
            <UserRow key={user.id} user={user} />
          ))}
        </CardContent>
      </Card>
    </div>
  );
}

function NewUserCard() {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('editor');
  const [created, setCreated] = useState<{ email: string; password: string } | null>(null);
  const save = useSave();
  const create = async () => {
    const answer = await save(() => api.post<CreatedUserAnswer>('/api/users', { email: email.trim(), role }));
    if (!answer) return;
    setCreated({ email: answer.user.email, password: answer.temporaryPassword });
    setEmail('');
    notifySuccess('Utilisateur créé', answer.user.email);
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <UserPlus className="size-4 text-primary" aria-hidden="true" />
          Nouvel utilisateur
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-wrap items-end gap-3">
        <div className="w-72">
          <Field label="Adresse email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        </div>
        <RoleSelect label="Rôle du nouvel utilisateur" value={role} onChange={setRole} />
        <Button disabled={email.trim() === ''} onClick={() => void create()}>
          Créer
        </Button>
        <p className="w-full text-xs text-muted-foreground">
          Un éditeur ou un lecteur créé n&apos;a aucun client tant que vous ne lui en assignez pas.
        </p>
        {created && (
          <p role="status" className="w-full rounded-md bg-secondary px-3 py-2 text-sm">
            Mot de passe temporaire de {created.email} (affiché une seule fois, à transmettre) :{' '}
            <code className="font-mono font-semibold">{created.password}</code>
          </p>
        )}
      </CardContent>
    </Card>
  );
}
