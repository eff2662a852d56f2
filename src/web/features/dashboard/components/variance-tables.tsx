import { MessageSquareText } from 'lucide-react';
import { gapPercent, type VarianceData, type VarianceRow } from '@/domain/variance';
import { Button } from '@/web/components/ui/button';
import { DataTable, type Column } from './data-table';
import { euros, gap } from './dashboard-tables';

type ClientGap = VarianceData['clients'][number];
type PoleGap = VarianceData['poles'][number];

/** The amount columns every row of the analysis has (docs/product.md#variance). */
function amountColumns<T extends VarianceRow>(month: string): Column<T>[] {
  const pct = (r: T) => gapPercent(r) ?? undefined;
  return [
    euros('ref-mb', 'MB référence', (r) => r.reference.mb, `MB de la version de janvier à ${month}`),
    euros('act-mb', 'MB réelle', (r) => r.actual.mb, `MB réelle de janvier à ${month}`),
    gap('gap', 'Écart MB', (r) => r.gap, pct, 'MB réelle − MB référence, et en % de la MB référence'),
    gap('volume', 'Effet volume', (r) => r.volume, undefined, '(CA réel − CA référence) × taux de marge référence'),
    gap('rate', 'Effet taux', (r) => r.rate, undefined, '(taux réel − taux référence) × CA réel : le reste de l’écart'),
  ];
}

/** A client's justification: its text, or 'Justifier' when its gap asks for one (or may be explained anyway). */
function justificationColumn(onJustify: (row: ClientGap) => void): Column<ClientGap> {
  return {
    key: 'justification',
    label: 'Justification',
    value: (r) => (r.justification ? 2 : r.needsJustification ? 0 : 1),
    render: function JustificationCell(r) {
      if (r.justification)
        return (
          <span className="text-sm" title={`${r.justification.authorName} : ${r.justification.text}`}>
            <MessageSquareText className="mr-1 inline size-4 text-primary" aria-hidden />
            {r.justification.text}
          </span>
        );
      return (
        <span className="inline-flex items-center gap-2">
          {r.needsJustification && <span className="text-sm font-medium text-destructive">À justifier</span>}
          <Button
            size="sm"
            variant="outline"
            onClick={() => onJustify(r)}
            aria-label={`Justifier l’écart de ${r.name}`}
          >
            Justifier
          </Button>
        </span>
      );
    },
  };
}

export function VarianceClientsTable({
  rows,
  month,
  onJustify,
}: {
  rows: readonly ClientGap[];
  month: string;
  onJustify: (row: ClientGap) => void;
}) {
  const columns: Column<ClientGap>[] = [
    { key: 'name', label: 'Client', value: (r) => r.name, render: (r) => r.name },
    ...amountColumns<ClientGap>(month),
    justificationColumn(onJustify),
  ];
  return <DataTable label="Écarts par client" searchWhat="un client" columns={columns} rows={rows} />;
}

export function VariancePolesTable({ rows, month }: { rows: readonly PoleGap[]; month: string }) {
  const columns: Column<PoleGap>[] = [
    { key: 'name', label: 'Pôle', value: (r) => r.name, render: (r) => r.name },
    ...amountColumns<PoleGap>(month),
  ];
  return <DataTable label="Écarts par pôle" searchWhat="un pôle" columns={columns} rows={rows} />;
}
