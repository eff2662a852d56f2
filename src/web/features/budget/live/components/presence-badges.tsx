import { usePresence } from '../api/presence';

/** docs/product.md#presence-card: the initials of who else has this client open, full names on hover. */
export function PresenceBadges({ year, clientId }: { year: number; clientId: string }) {
  const others = usePresence(year, clientId);
  if (others.length === 0) return null;
  const names = others.map((u) => u.name).join(', ');
  return (
    <div className="flex items-center gap-1.5" role="group" aria-label={`Aussi sur ce client : ${names}`}>
      <span className="text-xs text-muted-foreground">Aussi sur ce client</span>
      <ul className="flex -space-x-1.5">
        {others.map((u) => (
          <li
            key={u.id}
            title={u.name}
            aria-label={u.name}
            className="flex size-7 items-center justify-center rounded-full bg-violet-600 text-[11px] font-semibold text-white ring-2 ring-card"
          >
            {u.initials}
          </li>
        ))}
      </ul>
    </div>
  );
}
