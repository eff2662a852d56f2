import { useMemo } from 'react';
import { changesByClient } from '@/domain/accounting/screen';
import type { FecPreviewAnswer } from '@/domain/answers';
import { MONTHS } from '@/domain/months';
import { ClientChangesItem } from './client-changes';
import { FIELD_LABELS, eurosExact } from '../lib/format';

/** Closed months' differences listed; the rest counted. */
const SHOWN_DIFFERENCES = 50;

/**
 * What an apply would change, per client, before → after (hand-typed cells marked), the lines it
 * would create, and apart, the closed months' differences it does not write.
 */
export function ChangesByClient({ preview }: { preview: FecPreviewAnswer }) {
  const groups = useMemo(() => changesByClient(preview.cells), [preview.cells]);
  const { closedDifferences: closed } = preview;
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm">
        {groups.length === 0
          ? 'Aucune cellule ne change.'
          : `${preview.cells.length.toLocaleString('fr-FR')} cellule(s) changent chez ${groups.length} client(s).`}
        {preview.linesCreated > 0 && ` ${preview.linesCreated} ligne(s) seront créées.`}
      </p>
      {groups.length > 0 && (
        <ul aria-label="Modifications par client" className="flex flex-col gap-2">
          {groups.map((group) => (
            <ClientChangesItem key={group.clientId} group={group} initiallyOpen={groups.length <= 3} />
          ))}
        </ul>
      )}
      {closed.length > 0 && (
        <section aria-label="Mois clôturés : écarts non écrits" className="flex flex-col gap-2">
          <h4 className="text-sm font-semibold">Mois clôturés : écarts non écrits</h4>
          <ul className="flex flex-col divide-y rounded-md border text-sm">
            {closed.slice(0, SHOWN_DIFFERENCES).map((d) => (
              <li
                key={`${d.clientId}\u0000${d.pole}\u0000${d.line}\u0000${d.month}\u0000${d.field}`}
                className="flex flex-wrap justify-between gap-x-4 px-3 py-1.5"
              >
                <span>
                  {d.clientName} · {d.pole} · {d.line} · {MONTHS[d.month]} · {FIELD_LABELS[d.field]}
                </span>
                <span className="tabular-nums">
                  saisi {eurosExact(d.stored)}, grand livre {eurosExact(d.ledger)}
                </span>
              </li>
            ))}
          </ul>
          {closed.length > SHOWN_DIFFERENCES && (
            <p className="text-xs text-muted-foreground">… et {closed.length - SHOWN_DIFFERENCES} autre(s) écart(s).</p>
          )}
        </section>
      )}
    </div>
  );
}
