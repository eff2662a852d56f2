import { badgeColours } from '@/domain/live';
import { cn } from '@/web/lib/cn';
import { usePresence } from '../api/presence';

/** One background per colour index of badgeColours (m19): eight hues readable under white letters. */
const BADGE_BACKGROUNDS = [
  'bg-violet-600',
  'bg-sky-700',
  'bg-emerald-700',
  'bg-amber-700',
  'bg-rose-600',
  'bg-teal-700',
  'bg-indigo-600',
  'bg-fuchsia-700',
] as const;

/**
 * docs/product.md#presence-card: the initials of who else has this client open, full names on
 * hover; each person in a colour of their own, the badges side by side (never overlapping).
 */
export function PresenceBadges({ year, clientId }: { year: number; clientId: string }) {
  const others = usePresence(year, clientId);
  if (others.length === 0) return null;
  const names = others.map((u) => u.name).join(', ');
  const colours = badgeColours(others.map((u) => u.id));
  return (
    <div className="flex items-center gap-1.5" role="group" aria-label={`Aussi sur ce client : ${names}`}>
      <span className="text-xs text-muted-foreground">Aussi sur ce client</span>
      <ul className="flex flex-wrap gap-1">
        {others.map((u, i) => (
          <li
            key={u.id}
            title={u.name}
            aria-label={u.name}
            data-colour={colours[i]}
            className={cn(
              'flex size-7 items-center justify-center rounded-full text-[11px] font-semibold text-white',
              BADGE_BACKGROUNDS[colours[i]!],
            )}
          >
            {u.initials}
          </li>
        ))}
      </ul>
    </div>
  );
}
