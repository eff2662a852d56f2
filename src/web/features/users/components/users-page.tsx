/**
 * 'Utilisateurs' (docs/product.md#roles), for admins: create a user (the temporary password is shown
 * once), set role and scope (every client, or the chosen ones), disable, and 'Voir en tant que…'.
 */
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Eye, UserPlus } from 'lucide-react';
import { ROLES, ROLE_LABELS, type Role, type UserWire } from '@/domain/control';
import type { CreatedUserAnswer } from '@/domain/answers';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Field } from '@/web/components/ui/field';
import { useYear } from '@/web/hooks/use-year';
import { api } from '@/web/lib/api-client';
import { useClients } from '@/web/lib/get-clients';
import { notifyError, notifySuccess } from '@/web/lib/notify';
import { sharedKeys } from '@/web/lib/query-keys';
import { setViewAs } from '@/web/lib/view-as';

const usersKey = [...sharedKeys.data, 'users'] as const;

function useSave() {
  const queryClient = useQueryClient();
  return async <T,>(send: () => Promise<T>): Promise<T | null> => {
    try {
      const result = await send();
      await queryClient.invalidateQueries({ queryKey: usersKey });
      return result;
    } catch (error) {
      notifyError('Action refusée', error instanceof Error ? error.message : String(error), error);
      return null;
    }
  };
}

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

function RoleSelect({ label, value, onChange }: { label: string; value: Role; onChange: (role: Role) => void }) {
  return (
    <select
      aria-label={label}
      className="h-9 rounded-md border bg-card px-2 text-sm"
      value={value}
      onChange={(e) => onChange(e.target.value as Role)}
    >
      {ROLES.map((r) => (
        <option key={r} value={r}>
          {ROLE_LABELS[r]}
        </option>
      ))}
    </select>
  );
}

function UserRow({ user }: { user: UserWire }) {
  const [year] = useYear();
  const clients = useClients(year).data ?? [];
  const save = useSave();
  const queryClient = useQueryClient();
  const patch = (body: object) => void save(() => api.patch<UserWire>(`/api/users/${user.id}`, body));
  const assigned = new Set(user.clientIds ?? []);
  return (
    <div className="flex flex-col gap-2 py-3" aria-label={`Utilisateur ${user.email}`} role="group">
      <div className="flex flex-wrap items-center gap-3">
        <span className="min-w-64 font-medium">{user.email}</span>
        {user.disabled && <span className="text-sm text-destructive">désactivé</span>}
        <RoleSelect label={`Rôle de ${user.email}`} value={user.role} onChange={(role) => patch({ role })} />
        <select
          aria-label={`Périmètre de ${user.email}`}
          className="h-9 rounded-md border bg-card px-2 text-sm"
          value={user.clientIds === null ? 'all' : 'assigned'}
          onChange={(e) => patch({ clientIds: e.target.value === 'all' ? null : [] })}
        >
          <option value="all">Tous les clients</option>
          <option value="assigned">Clients assignés</option>
        </select>
        <Button variant="outline" size="sm" onClick={() => patch({ disabled: !user.disabled })}>
          {user.disabled ? 'Réactiver' : 'Désactiver'}
        </Button>
        <Button
          variant="outline"
          size="sm"
          onClick={() => {
            setViewAs({ id: user.id, email: user.email });
            void queryClient.invalidateQueries({ queryKey: sharedKeys.data });
            window.history.pushState(null, '', '/');
            window.dispatchEvent(new PopStateEvent('popstate'));
          }}
        >
          <Eye aria-hidden="true" />
          Voir en tant que…
        </Button>
      </div>
      {user.clientIds !== null && (
        <fieldset className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          <legend className="sr-only">Clients assignés à {user.email}</legend>
          {clients.map((client) => (
            <label key={client.id} className="flex items-center gap-1.5">
              <input
                type="checkbox"
                checked={assigned.has(client.id)}
                onChange={(e) =>
                  patch({
                    clientIds: e.target.checked
                      ? [...assigned, client.id]
                      : [...assigned].filter((id) => id !== client.id),
                  })
                }
              />
              {client.name}
            </label>
          ))}
        </fieldset>
      )}
    </div>
  );
}
