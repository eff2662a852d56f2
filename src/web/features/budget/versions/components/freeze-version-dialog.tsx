import { useState, type FormEvent } from 'react';
import type { VersionSummary } from '@/domain/answers';
import { MONTHS } from '@/domain/months';
import { createVersionBody } from '@/domain/schemas';
import { Button } from '@/web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/web/components/ui/dialog';
import { Field } from '@/web/components/ui/field';
import { ApiError } from '@/web/lib/api-client';
import { notifyError, notifySuccess } from '@/web/lib/notify';
import { useFreezeVersion } from '../api/versions';

/** The name offered: « Budget initial » for the year's first version, else the month's re-forecast. */
function suggestedName(versions: readonly VersionSummary[], now = new Date()): string {
  if (versions.length === 0) return 'Budget initial';
  return `Re-prévision ${MONTHS[now.getMonth()]!.toLowerCase()}`;
}

/**
 * 'Figer le prévisionnel…' (admin, docs/product.md#versions-and-landing): names the version and
 * freezes every client's forecast of the year. A name already used in the year is refused under
 * the field (409), and the typed name stays.
 */
export function FreezeVersionDialog(props: { year: number; versions: readonly VersionSummary[]; onClose: () => void }) {
  const { year, versions, onClose } = props;
  const [name, setName] = useState(() => suggestedName(versions));
  const [refusal, setRefusal] = useState<string | undefined>();
  const freeze = useFreezeVersion(year);
  const checked = createVersionBody.safeParse({ name });
  const issue = checked.success ? refusal : checked.error.issues[0]?.message;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!checked.success) return;
    freeze.mutate(checked.data.name, {
      onSuccess: (version) => {
        notifySuccess(
          `Version « ${version.name} » figée`,
          `${version.clients.toLocaleString('fr-FR')} client${version.clients > 1 ? 's' : ''}${version.reference ? ' · version de référence' : ''}.`,
        );
        onClose();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 409) setRefusal(error.message);
        else
          notifyError('Erreur', error instanceof ApiError ? error.message : 'Impossible de figer la version.', error);
      },
    });
  };

  return (
    <Dialog open onOpenChange={(open) => !open && !freeze.isPending && onClose()}>
      <DialogContent className="max-w-lg">
        <form onSubmit={submit} className="flex flex-col gap-4">
          <DialogHeader>
            <DialogTitle>Figer le prévisionnel</DialogTitle>
            <DialogDescription>
              {`Enregistre sous un nom le prévisionnel et l'achat prévisionnel de tous les clients de ${year}, tels qu'ils sont maintenant. Une version ne change plus ensuite ; on la compare au prévisionnel, et l'atterrissage « Objectif » part de la version de référence.`}
            </DialogDescription>
          </DialogHeader>
          <Field
            label="Nom de la version"
            value={name}
            issue={issue}
            autoFocus
            disabled={freeze.isPending}
            onChange={(e) => {
              setName(e.target.value);
              setRefusal(undefined);
            }}
          />
          <DialogFooter>
            <Button variant="outline" onClick={onClose} disabled={freeze.isPending}>
              Annuler
            </Button>
            <Button type="submit" disabled={!checked.success || freeze.isPending}>
              Figer
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
