/**
 * The shape of the dialogs that rewrite forecasts of many clients at once ('Préparer {N+1}',
 * docs/product.md#budget-years; 'Atterrissage…', docs/product.md#versions-and-landing): the clients
 * chosen (all or some), the settings, the preview of a dry run, then 'Annuler', 'Aperçu',
 * 'Appliquer' — which needs a preview of the settings on screen. Nothing typed is lost while the
 * server works or after it refuses.
 */
import { useState, type ReactNode } from 'react';
import { ALL_CLIENTS, isAll, selectedClientIds, type ClientFilter } from '@/domain/client-filter';
import { ClientMultiSelect } from '@/web/components/client-filter/client-multi-select';
import { Button } from '@/web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/web/components/ui/dialog';
import { useClientSelection } from '@/web/hooks/use-client-selection';

/** The clients of `year` a bulk dialog works on: the picker's state, and what the request sends. */
export function useChosenClients(year: number) {
  const [filter, setFilter] = useState<ClientFilter>(ALL_CLIENTS);
  const selection = useClientSelection(filter, year);
  const clients: 'all' | string[] = isAll(selection.filter)
    ? 'all'
    : selectedClientIds(
        selection.filter,
        selection.clients.map((c) => c.id),
      );
  const picker = <ClientMultiSelect clients={selection.clients} filter={selection.filter} onChange={setFilter} />;
  return { clients, picker };
}

/** The preview kept with the settings it was made with: shown only while they are still on screen. */
export function usePreview<T>(key: string) {
  const [preview, setPreview] = useState<{ key: string; value: T } | null>(null);
  return {
    shown: preview?.key === key ? preview.value : null,
    keep: (value: T) => setPreview({ key, value }),
  };
}

type BulkForecastDialogProps = {
  title: string;
  description: string;
  isPending: boolean;
  /** The settings are valid: 'Aperçu' may be asked. */
  canPreview: boolean;
  /** A preview of the current settings is shown: 'Appliquer' may run. */
  hasPreview: boolean;
  onPreview: () => void;
  onApply: () => void;
  onClose: () => void;
  /** The settings (the client picker first). */
  children: ReactNode;
  /** The preview's table, once asked. */
  preview: ReactNode;
};

export function BulkForecastDialog(props: BulkForecastDialogProps) {
  const { title, description, isPending, canPreview, hasPreview, onPreview, onApply, onClose } = props;
  return (
    <Dialog open onOpenChange={(open) => !open && !isPending && onClose()}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] max-w-5xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <fieldset disabled={isPending} className="flex flex-col gap-5">
          {props.children}
        </fieldset>
        {props.preview}
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={isPending}>
            Annuler
          </Button>
          <Button variant="secondary" onClick={onPreview} disabled={!canPreview || isPending}>
            Aperçu
          </Button>
          <Button onClick={onApply} disabled={!canPreview || !hasPreview || isPending}>
            Appliquer
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
