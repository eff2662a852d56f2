import { useQueryClient } from '@tanstack/react-query';
import { Eye } from 'lucide-react';
import type { UserWire } from '@/domain/control';
import { Button } from '@/web/components/ui/button';
import { useYear } from '@/web/hooks/use-year';
import { api } from '@/web/lib/api-client';
import { useClients } from '@/web/lib/get-clients';
import { sharedKeys } from '@/web/lib/query-keys';
import { setViewAs } from '@/web/lib/view-as';
import { useSave } from '../api/save-user';
import { ClientScopePicker } from './client-scope-picker';
import { RoleSelect } from './role-select';

/** One user: role, scope (every client, or the assigned ones: docs/product.md#user-scope), disable, 'Voir en tant que…'. */
export function UserRow({ user }: { user: UserWire }) {
  const [year] = useYear();
  const clients = useClients(year).data ?? [];
  const save = useSave();
  const queryClient = useQueryClient();
  const patch = (body: object) => void save(() => api.patch<UserWire>(`/api/users/${user.id}`, body));
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
        <ClientScopePicker
          email={user.email}
          clients={clients}
          clientIds={user.clientIds}
          onChange={(clientIds) => patch({ clientIds })}
        />
      )}
    </div>
  );
}
