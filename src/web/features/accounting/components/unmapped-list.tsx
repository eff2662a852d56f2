import { Fragment, useState } from 'react';
import type { FecPreviewAnswer } from '@/domain/answers';
import { Button } from '@/web/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table';
import { FIELD_LABELS, euros } from '../lib/format';
import { AssignForm } from './assign-form';

/** Groups shown at first, and added by 'Afficher plus': the list of a large file stays short in the page. */
const PAGE = 20;

type Group = FecPreviewAnswer['unmapped'][number];
const keyOf = (g: Group) => `${g.thirdParty}\u0000${g.account}`;
/** « Google Ireland · 604000 »: how the list names a group. */
const labelOf = (g: Group) => `${g.thirdPartyName || g.thirdParty || 'Sans tiers'} · ${g.account}`;

/**
 * « À affecter »: the ledger lines no rule maps, by third party and account, largest amounts first;
 * 'Affecter…' opens the form of one group (one at a time), whose rule maps it.
 */
export function UnmappedList({ year, groups }: { year: number; groups: FecPreviewAnswer['unmapped'] }) {
  const [shown, setShown] = useState(PAGE);
  const [open, setOpen] = useState<string | null>(null);
  if (groups.length === 0) {
    return <p className="text-sm text-muted-foreground">Tout est affecté : aucune écriture ne reste sans règle.</p>;
  }
  return (
    <div className="flex flex-col gap-3">
      <Table aria-label="Écritures à affecter">
        <TableHeader>
          <TableRow>
            <TableHead>Tiers</TableHead>
            <TableHead>Compte</TableHead>
            <TableHead className="text-right">Montant</TableHead>
            <TableHead className="text-right">Lignes</TableHead>
            <TableHead>
              <span className="sr-only">Action</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {groups.slice(0, shown).map((group) => {
            const key = keyOf(group);
            const label = labelOf(group);
            const isOpen = open === key;
            return (
              <Fragment key={key}>
                <TableRow aria-label={label} className={isOpen ? 'border-b-0 bg-muted/40' : undefined}>
                  <TableCell>
                    <span className="font-medium">{group.thirdPartyName || group.thirdParty || 'Sans tiers'}</span>
                    {group.thirdParty !== '' && group.thirdPartyName !== '' && (
                      <span className="text-muted-foreground"> ({group.thirdParty})</span>
                    )}
                  </TableCell>
                  <TableCell className="tabular-nums">
                    {group.account} <span className="text-muted-foreground">· {FIELD_LABELS[group.field]}</span>
                  </TableCell>
                  <TableCell className="text-right font-semibold tabular-nums">{euros(group.amount)}</TableCell>
                  <TableCell className="text-right tabular-nums">{group.lines.toLocaleString('fr-FR')}</TableCell>
                  <TableCell className="text-right">
                    <Button
                      size="sm"
                      variant="outline"
                      aria-expanded={isOpen}
                      onClick={() => setOpen(isOpen ? null : key)}
                    >
                      Affecter…
                    </Button>
                  </TableCell>
                </TableRow>
                {isOpen && (
                  <TableRow className="bg-muted/40 hover:bg-muted/40">
                    <TableCell colSpan={5}>
                      <AssignForm year={year} group={group} label={label} onDone={() => setOpen(null)} />
                    </TableCell>
                  </TableRow>
                )}
              </Fragment>
            );
          })}
        </TableBody>
      </Table>
      {groups.length > shown && (
        <Button variant="outline" className="self-start" onClick={() => setShown((n) => n + PAGE)}>
          Afficher plus ({groups.length - shown} autre{groups.length - shown > 1 ? 's' : ''})
        </Button>
      )}
    </div>
  );
}
