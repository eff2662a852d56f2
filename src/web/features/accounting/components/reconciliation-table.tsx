import { Check } from 'lucide-react';
import { reconciliationReason } from '@/domain/accounting/screen';
import type { ReconciliationAnswer } from '@/domain/answers';
import { useMonthNames } from '@/web/lib/use-fiscal-year';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table';
import { cn } from '@/web/lib/cn';
import { euros } from '../lib/format';

type Month = ReconciliationAnswer['months'][number];

const COLUMNS: readonly [string, (m: Month) => number | null][] = [
  ['Ventes (grand livre)', (m) => m.ledgerSales],
  ['Ventes affectées', (m) => m.mappedSales],
  ['Ventes (outil)', (m) => m.toolSales],
  ['Achats (grand livre)', (m) => m.ledgerPurchases],
  ['Achats affectés', (m) => m.mappedPurchases],
  ['Achats (outil)', (m) => m.toolPurchases],
  ['À affecter', (m) => m.unmapped],
  ['Saisi à la main', (m) => m.manualDifference],
  ['Écart mois clôturé', (m) => m.closedDifference],
];

/**
 * The months of the reconciliation: the ledger, what the rules mapped and the tool side by side,
 * what explains a gap, ✓ « Rapproché » or the reason.
 */
export function ReconciliationTable({ months, year }: { months: readonly Month[]; year: number }) {
  // docs/product.md#fiscal-years: « sept. 2025 » … in a September year.
  const names = useMonthNames(year);
  return (
    <Table aria-label="Rapprochement par mois">
      <TableHeader>
        <TableRow>
          <TableHead>Mois</TableHead>
          {COLUMNS.map(([label]) => (
            <TableHead key={label} className="text-right">
              {label}
            </TableHead>
          ))}
          <TableHead>Rapprochement</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {months.map((m) => (
          <TableRow
            key={m.month}
            aria-label={names.full[m.month]}
            className={cn(!m.covered && 'text-muted-foreground opacity-60')}
          >
            <TableCell className="font-medium">
              <abbr title={names.full[m.month]} className="no-underline">
                {names.short[m.month]}
              </abbr>
            </TableCell>
            {COLUMNS.map(([label, value]) => {
              const amount = value(m);
              return (
                <TableCell key={label} className="text-right tabular-nums">
                  {!m.covered || amount === null ? '—' : euros(amount)}
                </TableCell>
              );
            })}
            <TableCell className="text-sm">
              {m.reconciled ? (
                <span className="inline-flex items-center gap-1 font-medium text-success">
                  <Check className="size-4" aria-hidden="true" />
                  Rapproché
                </span>
              ) : (
                <span className={cn(m.covered && 'text-amber-800')}>{reconciliationReason(m)}</span>
              )}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
