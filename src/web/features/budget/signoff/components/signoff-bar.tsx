import { useState } from 'react';
import { BadgeCheck } from 'lucide-react';
import type { SignoffStatusWire } from '@/domain/answers';
import { actorLabel, formatHistoryAt } from '@/domain/history-view';
import type { SignoffStatus } from '@/domain/signoff';
import { SIGNOFF_LABELS } from '@/domain/signoff';
import { Button } from '@/web/components/ui/button';
import { useIsAdmin, useReadOnly } from '@/web/lib/access';
import { ApiError } from '@/web/lib/api-client';
import { cn } from '@/web/lib/cn';
import { useSignoff } from '@/web/lib/get-signoff';
import { notifyError, notifySuccess } from '@/web/lib/notify';
import { useMoveSignoff } from '../api/move-signoff';
import { ChangesSinceValidation } from './changes-dialog';
import { TransitionDialog, type TransitionChoice } from './transition-dialog';

const BADGE: Record<SignoffStatus, string> = {
  brouillon: 'bg-muted text-muted-foreground',
  soumis: 'bg-amber-100 text-amber-900',
  validé: 'bg-emerald-100 text-emerald-900',
};

/** The transitions a user may start from a status (the server checks them again). */
function choicesFor(status: SignoffStatus, isAdmin: boolean, year: number): TransitionChoice[] {
  if (status === 'brouillon') {
    return [
      {
        to: 'soumis',
        label: 'Soumettre pour validation…',
        title: `Soumettre le budget ${year}`,
        text: { label: 'Note pour le valideur (facultative)', required: false },
        confirm: 'Soumettre',
      },
    ];
  }
  if (!isAdmin) return [];
  if (status === 'soumis') {
    return [
      {
        to: 'validé',
        label: 'Valider…',
        title: `Valider le budget ${year}`,
        description: 'Une version du budget est figée et ses prévisions passent en lecture seule pour tous.',
        confirm: 'Valider',
      },
      {
        to: 'brouillon',
        label: 'Renvoyer…',
        title: `Renvoyer le budget ${year} en brouillon`,
        text: { label: 'Motif du renvoi', required: true },
        confirm: 'Renvoyer',
      },
    ];
  }
  return [
    {
      to: 'brouillon',
      label: 'Rouvrir…',
      title: `Rouvrir le budget ${year}`,
      description: 'Ses prévisions redeviennent modifiables.',
      text: { label: 'Motif de la réouverture', required: true },
      confirm: 'Rouvrir',
    },
  ];
}

/** Who made the last step, when, and its note or reason. */
function lastStep(s: SignoffStatusWire | undefined): string | null {
  if (!s?.at || !s.by) return null;
  const when = `${SIGNOFF_LABELS[s.status]} le ${formatHistoryAt(s.at)} par ${actorLabel(s.by)}`;
  return s.note ? `${when} — « ${s.note} »` : when;
}

/**
 * The budget's sign-off (docs/product.md#sign-off), above the grid: its status, the last step,
 * and the transitions the user may make — submit a draft; for an admin, validate or send back a
 * submitted budget, reopen a validated one (a reason asked for each but validating); while it is
 * not validated, what changed since its last validation.
 */
export function SignoffBar({ year, clientId, clientName }: { year: number; clientId: string; clientName: string }) {
  const signoff = useSignoff(year);
  const isAdmin = useIsAdmin();
  const readOnly = useReadOnly();
  const move = useMoveSignoff(year, clientId);
  const [open, setOpen] = useState<TransitionChoice | null>(null);
  const current = signoff.data?.find((s) => s.clientId === clientId);
  const status = current?.status ?? 'brouillon';
  const choices = readOnly ? [] : choicesFor(status, isAdmin, year);
  const step = lastStep(current);

  const confirm = (choice: TransitionChoice, text: string) =>
    move.mutate(
      { to: choice.to, ...(choice.to === 'soumis' ? { note: text } : { reason: text }) },
      {
        onSuccess: () => {
          notifySuccess(`Budget ${year} de ${clientName} : ${SIGNOFF_LABELS[choice.to].toLowerCase()}`);
          setOpen(null);
        },
        onError: (error) =>
          notifyError('Erreur', error instanceof ApiError ? error.message : 'Impossible de changer le statut.', error),
      },
    );

  return (
    <section
      aria-label="Validation du budget"
      className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-lg border bg-card px-4 py-3"
    >
      <BadgeCheck aria-hidden="true" className="size-4 text-muted-foreground" />
      <span className="text-sm font-medium">{`Budget ${year}`}</span>
      <span className={cn('rounded-full px-2.5 py-0.5 text-xs font-semibold', BADGE[status])}>
        {SIGNOFF_LABELS[status]}
      </span>
      {status === 'validé' && (
        <span className="text-xs text-muted-foreground">Prévisions en lecture seule ; le réel reste modifiable.</span>
      )}
      {step && <span className="min-w-0 flex-1 truncate text-xs text-muted-foreground">{step}</span>}
      <div className="ml-auto flex gap-2">
        {status !== 'validé' && <ChangesSinceValidation year={year} clientId={clientId} />}
        {choices.map((choice) => (
          <Button
            key={choice.label}
            variant="outline"
            size="sm"
            disabled={move.isPending}
            onClick={() => setOpen(choice)}
          >
            {choice.label}
          </Button>
        ))}
      </div>
      {open && (
        <TransitionDialog
          choice={open}
          isPending={move.isPending}
          onConfirm={(text) => confirm(open, text)}
          onClose={() => setOpen(null)}
        />
      )}
    </section>
  );
}
