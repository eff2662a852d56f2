/**
 * 'Clôture des mois' (docs/product.md#month-closing): the closed months of the exercice, and for an
 * admin 'Clôturer {mois}' — the next month in order, after a checklist of what looks unfinished —
 * and 'Rouvrir {mois}' — the last closed one, with a required reason. The grid shows the padlocks
 * (it reads the same locks query).
 */
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Check, Lock, LockOpen, TriangleAlert } from 'lucide-react';
import { checklistText, monthLabel, monthOfYear, nextMonthToClose, type MonthLock } from '@/domain/control';
import { monthAndYear } from '@/domain/fiscal-year';
import { unjustifiedGapText } from '@/domain/variance';
import type { ChecklistAnswer } from '@/domain/answers';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/web/components/ui/dialog';
import { Field } from '@/web/components/ui/field';
import { useYear } from '@/web/hooks/use-year';
import { useIsAdmin } from '@/web/lib/access';
import { api } from '@/web/lib/api-client';
import { useLocks } from '@/web/lib/get-locks';
import { useFiscalSettings, useMonthNames } from '@/web/lib/use-fiscal-year';
import { notifyError, notifySuccess } from '@/web/lib/notify';
import { invalidateHistory, sharedKeys } from '@/web/lib/query-keys';

/** Most findings the dialog lists; the rest are counted. */
const SHOWN_FINDINGS = 30;

export function ClosingCard() {
  const [year] = useYear();
  const locks = useLocks(year).data ?? [];
  const isAdmin = useIsAdmin();
  const [dialog, setDialog] = useState<'close' | 'reopen' | null>(null);
  const closed = locks.map((l) => l.month);
  // docs/product.md#fiscal-years: « janvier » in a calendar year, « septembre 2025 » in a September one.
  const names = useMonthNames(year).full.map((n) => n.toLowerCase());
  const next = nextMonthToClose(closed);
  const last = closed.length > 0 ? Math.max(...closed) : null;

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <Lock className="size-4 text-primary" aria-hidden="true" />
          Clôture des mois
        </CardTitle>
        <CardDescription>
          {locks.length === 0
            ? `Aucun mois de ${year} n'est clôturé.`
            : `Clôturés en ${year} : ${locks.map((l) => names[l.month]).join(', ')}. Leurs chiffres et mois facturés ne peuvent plus changer.`}
        </CardDescription>
      </CardHeader>
      {isAdmin && (
        <CardContent className="flex flex-wrap gap-2">
          {next !== null && (
            <Button variant="outline" onClick={() => setDialog('close')}>
              <Lock aria-hidden="true" />
              Clôturer {names[next]}
            </Button>
          )}
          {last !== null && (
            <Button variant="outline" onClick={() => setDialog('reopen')}>
              <LockOpen aria-hidden="true" />
              Rouvrir {names[last]}
            </Button>
          )}
        </CardContent>
      )}
      {dialog === 'close' && next !== null && <CloseDialog year={year} month={next} onClose={() => setDialog(null)} />}
      {dialog === 'reopen' && last !== null && (
        <ReopenDialog year={year} month={last} onClose={() => setDialog(null)} />
      )}
    </Card>
  );
}

/** Posts a close or a reopen; refreshes the locks and the history; says what happened. */
function useLockChange(year: number, onDone: () => void) {
  const queryClient = useQueryClient();
  const [isPending, setIsPending] = useState(false);
  return {
    isPending,
    run: async (path: `/api/${string}`, body: unknown, success: string) => {
      setIsPending(true);
      try {
        const locks = await api.post<MonthLock[]>(path, body);
        queryClient.setQueryData(sharedKeys.locks(year), locks);
        void invalidateHistory(queryClient);
        notifySuccess(success);
        onDone();
      } catch (error) {
        notifyError('Action refusée', error instanceof Error ? error.message : String(error), error);
      } finally {
        setIsPending(false);
      }
    },
  };
}

function CloseDialog({ year, month, onClose }: { year: number; month: number; onClose: () => void }) {
  const [note, setNote] = useState('');
  const checklist = useQuery({
    queryKey: [...sharedKeys.locks(year), 'checklist', month],
    queryFn: ({ signal }) => api.get<ChecklistAnswer>(`/api/years/${year}/months/${month}/checklist`, signal),
  });
  const change = useLockChange(year, onClose);
  const items = checklist.data?.items ?? [];
  // docs/product.md#variance: the gaps above the threshold with no justification.
  const gaps = checklist.data?.gaps ?? [];
  // docs/product.md#actuals-from-the-accounting: the month against the last accounting import (null: none applied to the year).
  const accounting = checklist.data?.accounting ?? null;
  const fiscal = useFiscalSettings();
  const label = monthAndYear(fiscal, year, month);
  const name = useMonthNames(year).full[month]!.toLowerCase();
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Clôturer {monthLabel(year, month, fiscal)}</DialogTitle>
          <DialogDescription>
            Une fois clôturé, personne ne peut plus modifier les chiffres ni les mois facturés{' '}
            {monthOfYear(year, month, fiscal)}, quel que soit le chemin (saisie, collage, import, report, annulation).
            Un administrateur peut le rouvrir avec un motif.
          </DialogDescription>
        </DialogHeader>
        <section aria-label="Points à vérifier" className="flex flex-col gap-2 text-sm">
          <h4 className="font-semibold">Points à vérifier avant de clôturer</h4>
          {checklist.isPending && <p className="text-muted-foreground">Vérification en cours…</p>}
          {accounting && <AccountingLine reconciled={accounting.reconciled} text={accounting.text} />}
          {checklist.isSuccess && items.length === 0 && gaps.length === 0 && accounting?.reconciled !== false && (
            <p className="text-muted-foreground">Rien ne semble inachevé pour ce mois.</p>
          )}
          {items.length > 0 && (
            <ul className="max-h-64 list-disc overflow-auto pl-5">
              {items.slice(0, SHOWN_FINDINGS).map((item, i) => (
                <li key={i}>{checklistText(item)}</li>
              ))}
            </ul>
          )}
          {items.length > SHOWN_FINDINGS && (
            <p className="text-muted-foreground">… et {items.length - SHOWN_FINDINGS} autre(s) point(s).</p>
          )}
          {gaps.length > 0 && (
            <ul aria-label="Écarts non justifiés" className="max-h-40 list-disc overflow-auto pl-5">
              {gaps.map((gap) => (
                <li key={gap.clientId}>{unjustifiedGapText(gap)}</li>
              ))}
            </ul>
          )}
        </section>
        <Field label="Note (facultative)" value={note} maxLength={500} onChange={(e) => setNote(e.target.value)} />
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Annuler</Button>
          </DialogClose>
          <Button
            disabled={change.isPending}
            onClick={() =>
              void change.run(
                `/api/years/${year}/months/${month}/close`,
                note.trim() ? { note: note.trim() } : {},
                `${label} clôturé`,
              )
            }
          >
            Clôturer {name}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** The month's reconciliation with the ledger: plain when it agrees, a warning when it does not. */
function AccountingLine({ reconciled, text }: { reconciled: boolean; text: string }) {
  return reconciled ? (
    <p className="flex items-center gap-1.5 text-success">
      <Check className="size-4" aria-hidden="true" />
      {text}
    </p>
  ) : (
    <p
      role="note"
      className="flex items-start gap-1.5 rounded-md border border-amber-500 bg-amber-50 p-2 text-amber-900"
    >
      <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      {text}
    </p>
  );
}

function ReopenDialog({ year, month, onClose }: { year: number; month: number; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const change = useLockChange(year, onClose);
  const fiscal = useFiscalSettings();
  const label = monthAndYear(fiscal, year, month);
  const name = useMonthNames(year).full[month]!.toLowerCase();
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Rouvrir {label}</DialogTitle>
          <DialogDescription>
            Ses chiffres redeviennent modifiables. La réouverture et son motif sont inscrits dans l'historique.
          </DialogDescription>
        </DialogHeader>
        <Field
          label="Motif de réouverture"
          value={reason}
          maxLength={500}
          required
          hint="Obligatoire."
          onChange={(e) => setReason(e.target.value)}
        />
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Annuler</Button>
          </DialogClose>
          <Button
            disabled={change.isPending || reason.trim() === ''}
            onClick={() =>
              void change.run(
                `/api/years/${year}/months/${month}/reopen`,
                { reason: reason.trim() },
                `${label} rouvert`,
              )
            }
          >
            Rouvrir {name}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
