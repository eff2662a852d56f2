/** The banner of 'Voir en tant que…' (docs/product.md#roles): whose eyes, read-only, and the way out. */
import { useQueryClient } from '@tanstack/react-query';
import { Eye } from 'lucide-react';
import { Button } from '@/web/components/ui/button';
import { sharedKeys } from '@/web/lib/query-keys';
import { setViewAs, useViewAs } from '@/web/lib/view-as';

export function ViewAsBanner() {
  const viewAs = useViewAs();
  const queryClient = useQueryClient();
  if (!viewAs) return null;
  return (
    <div
      role="status"
      aria-label="Voir en tant que"
      className="flex items-center justify-center gap-3 bg-amber-100 px-4 py-2 text-sm text-amber-950"
    >
      <Eye className="size-4" aria-hidden="true" />
      <span>
        Vous voyez l'application en tant que <strong>{viewAs.email}</strong> — lecture seule.
      </span>
      <Button
        size="sm"
        variant="outline"
        onClick={() => {
          setViewAs(null);
          void queryClient.invalidateQueries({ queryKey: sharedKeys.data });
        }}
      >
        Quitter
      </Button>
    </div>
  );
}
