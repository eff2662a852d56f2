import { Info } from 'lucide-react';
import type { MarginRow, SummaryRow } from '@/domain/dashboard/views';
import { formatPercent, type Cents } from '@/domain/money';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table';
import { cn } from '@/web/lib/cn';
import { Euros, Gap } from './amounts';
import { signClass } from '@/web/lib/format';

const num = 'text-right';

/** One right-aligned euro cell per amount (cents), in the given order. */
function EuroCells({ amounts }: { amounts: readonly Cents[] }) {
  return amounts.map((cents, i) => (
    <TableCell key={i} className={num}>
      <Euros cents={cents} />
    </TableCell>
  ));
}

/** The rows then their TOTAL, each with its key and row class (TOTAL stands out). */
function withTotal<T extends { name: string }>(rows: readonly T[], total: T) {
  return [
    ...rows.map((row) => ({ row, key: row.name, className: undefined })),
    { row: total, key: 'TOTAL', className: 'bg-muted/60 font-semibold hover:bg-muted/60' },
  ];
}

/** 'Marges par Projet' / 'Marge par Pôle' table: one row per project or pole, then TOTAL. */
export function MarginTable({
  label,
  firstColumn,
  rows,
  total,
}: {
  label: string;
  firstColumn: string;
  rows: readonly MarginRow[];
  total: MarginRow;
}) {
  return (
    <Table aria-label={label}>
      <TableHeader>
        <TableRow>
          <TableHead>{firstColumn}</TableHead>
          <TableHead className={num}>Prév. MB Début</TableHead>
          <TableHead className={num}>MB Prévisionnelle</TableHead>
          <TableHead className={num}>MB Réelle</TableHead>
          <TableHead className={num}>Écart MB Réelle vs MB Début</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {withTotal(rows, total).map(({ row: r, key, className }) => (
          <TableRow key={key} className={className}>
            <TableCell className="font-medium">{r.name}</TableCell>
            <EuroCells amounts={[r.previsionMbDebut, r.margePrevisionnelle, r.marginReel]} />
            <TableCell className={num}>
              <Gap cents={r.ecartMbDebut} percent={r.ecartMbDebutPct} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

export const ECART_FORMULA =
  'Écart = Σ (Réel − Achat − Prévisionnel) sur les mois où le réel est supérieur à 0 ; % Écart = Écart ÷ Prévisionnel de ces mêmes mois × 100.';

/** 'Tableau Récapitulatif': Projet, Prévisionnel, Réel, Achats, Marge, Écart, % Écart, then TOTAL. */
export function SummaryTable({ rows, total }: { rows: readonly SummaryRow[]; total: SummaryRow }) {
  return (
    <Table aria-label="Tableau récapitulatif">
      <TableHeader>
        <TableRow>
          <TableHead>Projet</TableHead>
          <TableHead className={num}>Prévisionnel</TableHead>
          <TableHead className={num}>Réel</TableHead>
          <TableHead className={num}>Achats</TableHead>
          <TableHead className={num}>Marge</TableHead>
          <TableHead className={num}>
            <span className="group relative inline-flex items-center gap-1">
              Écart
              <button
                type="button"
                className="rounded-full focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                aria-label="Formule de l'écart"
                aria-describedby="ecart-formula"
              >
                <Info className="size-3.5" aria-hidden />
              </button>
              <span
                id="ecart-formula"
                role="tooltip"
                className="invisible absolute right-0 top-full z-20 mt-1 w-72 rounded-md border bg-popover p-2 text-left text-xs font-normal text-popover-foreground shadow-md group-hover:visible group-focus-within:visible"
              >
                {ECART_FORMULA}
              </span>
            </span>
          </TableHead>
          <TableHead className={num}>% Écart</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {withTotal(rows, total).map(({ row: r, key, className }) => (
          <TableRow key={key} className={className}>
            <TableCell className="font-medium">{r.name}</TableCell>
            <EuroCells amounts={[r.previsionnel, r.reel, r.achats, r.marge]} />
            <TableCell className={num}>
              <Gap cents={r.ecart} />
            </TableCell>
            <TableCell className={cn(num, 'tabular-nums', signClass(r.ecartPct))}>
              {formatPercent(r.ecartPct, true)}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
