import type { Client } from '@/domain';
import { Button } from '@/web/components/ui/button';
import { useIsAdmin } from '@/web/lib/access';
import { useSignoff } from '@/web/lib/get-signoff';

/**
 * 'À valider' (admins, docs/product.md#sign-off): the budgets of the year submitted and waiting,
 * each opening its client; nothing when none waits.
 */
export function ToValidateCard(props: {
  year: number;
  clients: readonly Client[];
  onOpen: (clientId: string) => void;
}) {
  const { year, clients, onOpen } = props;
  const isAdmin = useIsAdmin();
  const signoff = useSignoff(year);
  if (!isAdmin) return null;
  const names = new Map(clients.map((c) => [c.id, c.name]));
  const waiting = (signoff.data ?? []).filter((s) => s.status === 'soumis' && names.has(s.clientId));
  if (waiting.length === 0) return null;
  return (
    <section
      aria-label="À valider"
      className="flex flex-wrap items-center gap-2 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3"
    >
      <span className="text-sm font-medium text-amber-900">{`À valider (${waiting.length})`}</span>
      {waiting.map((s) => (
        <Button key={s.clientId} variant="outline" size="sm" onClick={() => onOpen(s.clientId)}>
          {names.get(s.clientId)}
        </Button>
      ))}
    </section>
  );
}
