import { useState } from 'react';
import { Layers, Snowflake } from 'lucide-react';
import type { VersionSummary } from '@/domain/answers';
import { actorLabel, formatHistoryAt } from '@/domain/history-view';
import { Button } from '@/web/components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '@/web/components/ui/popover';
import { useIsAdmin } from '@/web/lib/access';
import { ApiError } from '@/web/lib/api-client';
import { notifyError, notifySuccess } from '@/web/lib/notify';
import { useDeleteVersion, useMarkReference, useVersions } from '../api/versions';
import { FreezeVersionDialog } from './freeze-version-dialog';

/**
 * The 'Versions' menu of the budget tab (docs/product.md#versions-and-landing): the exercice's
 * frozen versions, oldest first, with who froze them and when and the reference marked; an admin
 * freezes the forecast under a name ('Figer le prévisionnel…'), moves the reference, deletes a
 * version that is not the reference (a second click confirms).
 */
export function VersionsMenu({ year }: { year: number }) {
  const versions = useVersions(year);
  const isAdmin = useIsAdmin();
  const [isOpen, setIsOpen] = useState(false);
  const [isFreezing, setIsFreezing] = useState(false);
  const list = versions.data ?? [];

  return (
    <>
      <Popover open={isOpen} onOpenChange={setIsOpen}>
        <PopoverTrigger asChild>
          <Button variant="outline">
            <Layers aria-hidden="true" />
            Versions
            {list.length > 0 && <span className="text-muted-foreground">({list.length})</span>}
          </Button>
        </PopoverTrigger>
        <PopoverContent align="end" className="flex w-96 flex-col gap-2 p-3" aria-label={`Versions de ${year}`}>
          <p className="text-sm font-medium">{`Versions de ${year}`}</p>
          {versions.isError ? (
            <p className="text-sm text-destructive">Impossible de charger les versions.</p>
          ) : list.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              {versions.isPending ? 'Chargement…' : 'Aucune version figée : le prévisionnel n’a jamais été figé.'}
            </p>
          ) : (
            <ul className="flex max-h-80 flex-col divide-y overflow-y-auto rounded-md border" aria-label="Versions">
              {list.map((v) => (
                <VersionRow key={v.id} year={year} version={v} isAdmin={isAdmin} />
              ))}
            </ul>
          )}
          {isAdmin && (
            <Button
              variant="secondary"
              size="sm"
              className="self-start"
              onClick={() => {
                setIsOpen(false);
                setIsFreezing(true);
              }}
            >
              <Snowflake aria-hidden="true" />
              Figer le prévisionnel…
            </Button>
          )}
        </PopoverContent>
      </Popover>
      {isFreezing && <FreezeVersionDialog year={year} versions={list} onClose={() => setIsFreezing(false)} />}
    </>
  );
}

const failed = (error: unknown, fallback: string) =>
  notifyError('Erreur', error instanceof ApiError ? error.message : fallback, error);

/** One version: its name, the reference badge, when and by whom; the admin's two actions. */
function VersionRow({ year, version, isAdmin }: { year: number; version: VersionSummary; isAdmin: boolean }) {
  const markReference = useMarkReference(year);
  const remove = useDeleteVersion(year);
  const [isConfirming, setIsConfirming] = useState(false);
  const busy = markReference.isPending || remove.isPending;
  return (
    <li className="flex flex-col gap-1 px-3 py-2" aria-label={version.name}>
      <div className="flex items-center gap-2">
        <span className="truncate font-medium">{version.name}</span>
        {version.reference && (
          <span className="rounded-full bg-primary/10 px-2 py-0.5 text-xs font-medium text-primary">Référence</span>
        )}
      </div>
      <span className="text-xs text-muted-foreground">
        {`Figée le ${formatHistoryAt(version.at)} par ${actorLabel(version.by)}`}
      </span>
      {version.clientId !== null && (
        <span className="text-xs text-muted-foreground">Figée par une validation : ce client seulement</span>
      )}
      {isAdmin && !version.reference && (
        <div className="flex gap-2">
          {version.clientId === null && (
            <Button
              variant="ghost"
              size="sm"
              disabled={busy}
              onClick={() =>
                markReference.mutate(version.id, {
                  onSuccess: () => notifySuccess(`« ${version.name} » est la version de référence`),
                  onError: (e) => failed(e, 'Impossible de changer la version de référence.'),
                })
              }
            >
              Marquer comme référence
            </Button>
          )}
          <Button
            variant={isConfirming ? 'destructive' : 'ghost'}
            size="sm"
            disabled={busy}
            onClick={() =>
              isConfirming
                ? remove.mutate(version.id, {
                    onSuccess: () => notifySuccess(`Version « ${version.name} » supprimée`),
                    onError: (e) => failed(e, 'Impossible de supprimer la version.'),
                  })
                : setIsConfirming(true)
            }
          >
            {isConfirming ? 'Confirmer la suppression' : 'Supprimer'}
          </Button>
        </div>
      )}
    </li>
  );
}
