import { useMemo, useState } from 'react';
import { changesByClient } from '@/domain/accounting/screen';
import type { FecPreviewAnswer } from '@/domain/answers';
import { useMonthNames } from '@/web/lib/use-fiscal-year';
import { Button } from '@/web/components/ui/button';
import { Input } from '@/web/components/ui/input';
import { ClientChangesItem } from './client-changes';
import { FIELD_LABELS, eurosExact } from '../lib/format';

/** Clients shown at first, and added by 'Afficher plus'; closed months' differences listed. The rest counted. */
const PAGE = 20;
const SHOWN_DIFFERENCES = 20;

/**
 * What an apply would change, per client, before → after (hand-typed cells marked), the lines it
 * would create, and apart, the closed months' differences it does not write. A file of 300 clients
 * shows 20 at a time, folded, with a filter by name.
 */
export function ChangesByClient({ preview, year }: { preview: FecPreviewAnswer; year: number }) {
  // docs/product.md#fiscal-years: a position named in the fiscal year (« Septembre 2025 »…).
  const names = useMonthNames(year).full;
  const groups = useMemo(() => changesByClient(preview.cells), [preview.cells]);
  const [filter, setFilter] = useState('');
  const [shown, setShown] = useState(PAGE);
  const needle = filter.trim().toLocaleLowerCase('fr');
  const found = needle === '' ? groups : groups.filter((g) => g.clientName.toLocaleLowerCase('fr').includes(needle));
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm">
        {groups.length === 0
          ? 'Aucune cellule ne change.'
          : `${preview.cells.length.toLocaleString('fr-FR')} cellule(s) changent chez ${groups.length} client(s).`}
        {preview.linesCreated > 0 && ` ${preview.linesCreated} ligne(s) seront créées.`}
      </p>
      {groups.length > PAGE && (
        <Input
          aria-label="Filtrer les clients"
          placeholder="Filtrer les clients…"
          value={filter}
          className="max-w-xs"
          onChange={(e) => setFilter(e.target.value)}
        />
      )}
      {found.length > 0 && (
        <ul aria-label="Modifications par client" className="flex flex-col gap-2">
          {found.slice(0, shown).map((group) => (
            <ClientChangesItem
              key={group.clientId}
              group={group}
              initiallyOpen={groups.length <= 3}
              monthNames={names}
            />
          ))}
        </ul>
      )}
      {found.length > shown && (
        <Button variant="outline" className="self-start" onClick={() => setShown((n) => n + PAGE)}>
          Afficher plus ({found.length - shown} autre{found.length - shown > 1 ? 's' : ''})
        </Button>
      )}
      <ClosedDifferences differences={preview.closedDifferences} monthNames={names} />
    </div>
  );
}

/** « Mois clôturés : écarts non écrits »: what the ledger says in a closed month, beside what is stored. */
function ClosedDifferences({
  differences,
  monthNames,
}: {
  differences: FecPreviewAnswer['closedDifferences'];
  monthNames: readonly string[];
}) {
  if (differences.length === 0) return null;
  return (
    <section aria-label="Mois clôturés : écarts non écrits" className="flex flex-col gap-2">
      <h4 className="text-sm font-semibold">
        Mois clôturés : écarts non écrits ({differences.length.toLocaleString('fr-FR')})
      </h4>
      <ul className="flex flex-col divide-y rounded-md border text-sm">
        {differences.slice(0, SHOWN_DIFFERENCES).map((d) => (
          <li
            key={`${d.clientId}\u0000${d.pole}\u0000${d.line}\u0000${d.month}\u0000${d.field}`}
            className="flex flex-wrap justify-between gap-x-4 px-3 py-1.5"
          >
            <span>
              {d.clientName} · {d.pole} · {d.line} · {monthNames[d.month]} · {FIELD_LABELS[d.field]}
            </span>
            <span className="tabular-nums">
              saisi {eurosExact(d.stored)}, grand livre {eurosExact(d.ledger)}
            </span>
          </li>
        ))}
      </ul>
      {differences.length > SHOWN_DIFFERENCES && (
        <p className="text-xs text-muted-foreground">
          … et {differences.length - SHOWN_DIFFERENCES} autre(s) écart(s).
        </p>
      )}
    </section>
  );
}
