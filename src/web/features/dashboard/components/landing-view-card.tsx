import type { ClientFilter } from '@/domain/client-filter';
import type { LandingView, LandingViewRow } from '@/domain/dashboard/landing-view';
import { MONTH_INDEXES } from '@/domain/months';
import { subCents, sumCents, type Cents } from '@/domain/money';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Spinner } from '@/web/components/ui/spinner';
import { useMonthNames } from '@/web/lib/use-fiscal-year';
import { useLandingView } from '../api/get-landing-view';
import type { ChosenCutoff } from '../api/get-dashboard';
import { Euros, Gap } from './amounts';
import { DataTable, type Column } from './data-table';

/** A row of the table: a client's pole, named « Client · Pôle » (the search finds either). */
type Row = Pick<LandingViewRow, 'months' | 'landed' | 'reference' | 'gap'> & { name: string };

export type LandingViewCardProps = {
  filter: ClientFilter;
  year: number;
  cutoff: ChosenCutoff;
  version: number | null;
};

/**
 * The 'Atterrissage' tab of the dashboard (docs/product.md#landing-view): per client and pole, the
 * months' MB — actual up to the cut-off, forecast after it — the year landed, the version's MB
 * (the reference unless one is chosen) and the gap; its TOTAL splits into the KPIs' parts.
 */
export function LandingViewCard({ filter, year, cutoff, version }: LandingViewCardProps) {
  const view = useLandingView(filter, year, cutoff, version);
  // docs/product.md#fiscal-years: the months in fiscal order, « sept. 2025 » … in a September year.
  const names = useMonthNames(year);
  if (view.error)
    return (
      <p role="alert" className="text-destructive">
        {view.error.message}
      </p>
    );
  if (!view.data) return <Spinner text="Chargement..." />;
  const { data } = view;
  const month = names.full[data.cutoff]!.toLowerCase();
  const rows: Row[] = data.rows.map((r) => ({ ...r, name: `${r.client} · ${r.pole}` }));
  return (
    <Card>
      <CardHeader>
        <CardTitle>Atterrissage</CardTitle>
        <CardDescription>
          Réel jusqu’à {month}, prévisionnel ensuite
          {data.version ? `, face à « ${data.version.name} »` : ' (aucune version de référence à comparer)'}.
          Atterrissage <Euros cents={data.total.landed as Cents} /> = MB réelle à date{' '}
          <Euros cents={data.total.actualToDate as Cents} /> + MB prévisionnelle après {month}{' '}
          <Euros cents={data.total.forecastAfter as Cents} />.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <DataTable
          label="Atterrissage par client et pôle"
          searchWhat="un client ou un pôle"
          columns={landingColumns(data, names)}
          rows={rows}
          total={totalOf}
        />
      </CardContent>
    </Card>
  );
}

/** The TOTAL row of the rows shown. */
function totalOf(rows: readonly Row[]): Row {
  const months = MONTH_INDEXES.map((m) => sumCents(rows.map((r) => r.months[m]!)));
  const landed = sumCents(months);
  const reference = sumCents(rows.map((r) => r.reference));
  return { name: 'TOTAL', months, landed, reference, gap: subCents(landed, reference) };
}

/** Client · Pôle, the 12 months (marked réel or prév.), the year landed, and the version's two columns. */
function landingColumns(view: LandingView, names: { full: string[]; short: string[] }): Column<Row>[] {
  const months: Column<Row>[] = names.short.map((label, m) => ({
    key: `m${m}`,
    label: `${label} ${m <= view.cutoff ? 'réel' : 'prév.'}`,
    title: `${names.full[m]} : ${m <= view.cutoff ? 'MB réelle' : 'MB prévisionnelle'}`,
    value: (r) => r.months[m]!,
    render: (r) => <Euros cents={r.months[m]!} className={m > view.cutoff ? 'text-muted-foreground' : undefined} />,
    numeric: true,
  }));
  const version = view.version?.name;
  return [
    { key: 'name', label: 'Client · Pôle', value: (r) => r.name, render: (r) => r.name },
    ...months,
    {
      key: 'landed',
      label: 'Atterrissage',
      value: (r) => r.landed,
      render: (r) => <Euros cents={r.landed} className="font-medium" />,
      numeric: true,
    },
    ...(version === undefined
      ? []
      : [
          {
            key: 'reference',
            label: `MB ${version}`,
            value: (r: Row) => r.reference,
            render: (r: Row) => <Euros cents={r.reference} />,
            numeric: true,
          },
          {
            key: 'gap',
            label: `Écart vs ${version}`,
            value: (r: Row) => r.gap,
            render: (r: Row) => <Gap cents={r.gap} />,
            numeric: true,
          },
        ]),
  ];
}
