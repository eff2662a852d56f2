import { Lock } from 'lucide-react';
import type { FecPreviewAnswer } from '@/domain/answers';
import { useMonthNames } from '@/web/lib/use-fiscal-year';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table';
import { cn } from '@/web/lib/cn';
import { euros } from '../lib/format';
import { CoverageBar } from './coverage-bar';

const AMOUNTS = [
  ['ledgerSales', 'Ventes (grand livre)'],
  ['ledgerPurchases', 'Achats (grand livre)'],
  ['mappedSales', 'Ventes affectées'],
  ['mappedPurchases', 'Achats affectés'],
  ['ignored', 'Ignoré'],
  ['unmapped', 'À affecter'],
] as const;

/**
 * The preview per month: the ledger's sales and purchases, what the rules map, ignore or leave
 * unmapped, the coverage; a closed month is marked (the import does not write it), a month outside
 * the file greyed (the import leaves it as it is).
 */
export function FecMonthsTable({ months, year }: { months: FecPreviewAnswer['months']; year: number }) {
  // docs/product.md#fiscal-years: « sept. 2025 » … in a September year.
  const names = useMonthNames(year);
  return (
    <Table aria-label="Aperçu par mois">
      <TableHeader>
        <TableRow>
          <TableHead>Mois</TableHead>
          {AMOUNTS.map(([key, label]) => (
            <TableHead key={key} className="text-right">
              {label}
            </TableHead>
          ))}
          <TableHead>Couverture</TableHead>
          <TableHead>État</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {months.map((m) => (
          <TableRow key={m.month} className={cn(!m.covered && 'text-muted-foreground opacity-60')}>
            <TableCell className="font-medium">
              <abbr title={names.full[m.month]} className="no-underline">
                {names.short[m.month]}
              </abbr>
            </TableCell>
            {AMOUNTS.map(([key]) => (
              <TableCell
                key={key}
                className={cn(
                  'text-right tabular-nums',
                  key === 'unmapped' && m.unmapped !== 0 && 'font-semibold text-amber-700',
                )}
              >
                {m.covered ? euros(m[key]) : '—'}
              </TableCell>
            ))}
            <TableCell>
              {m.covered && (
                <CoverageBar
                  percent={m.coverage}
                  label={`Couverture de ${names.full[m.month]!.toLowerCase()}`}
                  compact
                />
              )}
            </TableCell>
            <TableCell className="text-xs">
              {!m.covered ? (
                'hors fichier'
              ) : m.closed ? (
                <span className="inline-flex items-center gap-1 rounded-sm bg-secondary px-1.5 py-0.5 font-medium">
                  <Lock className="size-3" aria-hidden="true" />
                  clôturé : non écrit
                </span>
              ) : (
                'sera importé'
              )}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
