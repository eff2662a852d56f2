import { WifiOff } from 'lucide-react';
import { useLiveStatus } from '@/web/lib/use-live';

/**
 * docs/product.md#live-browser: says when others' changes stop arriving — 'Hors ligne' (no
 * network) or 'Reconnexion…' (the stream dropped; it comes back by itself and catches up on what
 * was missed). Nothing shows while connected.
 */
export function LiveStatus() {
  const status = useLiveStatus();
  if (status === 'online' || status === 'connecting') return null;
  const isOffline = status === 'offline';
  return (
    <p
      role="status"
      aria-label="Mises à jour en direct"
      title={
        isOffline
          ? 'Pas de réseau : les modifications des autres n’arrivent plus. Elles seront rattrapées au retour.'
          : 'Connexion aux mises à jour en direct interrompue : nouvelle tentative en cours.'
      }
      className="inline-flex items-center gap-1.5 rounded-md border border-amber-400 bg-amber-50 px-2 py-1 text-xs font-medium text-amber-900"
    >
      <WifiOff className="size-3.5" aria-hidden="true" />
      {isOffline ? 'Hors ligne' : 'Reconnexion…'}
    </p>
  );
}
