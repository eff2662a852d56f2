/**
 * The budget workbook's sheets of what the grid shows beside the four measures
 * (docs/product.md#excel-export): `Marges mensuelles` — per client and pole, each month's MB
 * prévisionnelle, MB réelle and whether the month is invoiced ('Facturé' : Oui / Non), then a
 * `Total client` row — and `Clôtures`, the twelve months and whether each is closed (who, when).
 * The import ignores both.
 */
import { lineMonthValue } from '../budget';
import { compareFrench } from '../catalogue';
import type { Client, Pole } from '../model';
import { ZERO_CENTS, addCents, subCents, sumCents, type Cents } from '../money';
import { MONTHS, MONTH_INDEXES } from '../months';
import { amount, text, type WorkbookCell, type WorkbookSheet } from './workbook';

export const MONTHLY_SHEET = 'Marges mensuelles';
export const CLOSINGS_SHEET = 'Clôtures';

/** A closed month as GET /api/years/{year}/locks gives it. */
export interface ClosedMonth {
  month: number;
  closedAt: string;
  closedBy: string;
}

/** Row 1 of `Marges mensuelles`; `names`: the twelve months in fiscal order (docs/product.md#fiscal-years). */
export const monthlyHeader = (names: readonly string[] = MONTHS): string[] => [
  'Client',
  'Pôle',
  ...names.flatMap((m) => [`${m} MB prévisionnelle`, `${m} MB réelle`, `${m} Facturé`]),
  'MB Prévisionnelle',
  'MB Réelle',
];

const bold = (value: string) => text(value, { bold: true });

/** A pole's MB prévisionnelle and MB réelle per month (cents). */
function poleMargins(pole: Pole): { prev: Cents[]; reel: Cents[] } {
  const prev = MONTH_INDEXES.map(() => ZERO_CENTS);
  const reel = MONTH_INDEXES.map(() => ZERO_CENTS);
  for (const line of pole.lines) {
    for (const m of MONTH_INDEXES) {
      const p = subCents(lineMonthValue(line, 'previsionnel', m), lineMonthValue(line, 'achat_previsionnel', m));
      const r = subCents(lineMonthValue(line, 'reel', m), lineMonthValue(line, 'achat', m));
      prev[m] = addCents(prev[m]!, p);
      reel[m] = addCents(reel[m]!, r);
    }
  }
  return { prev, reel };
}

function marginRow(
  first: WorkbookCell[],
  prev: readonly Cents[],
  reel: readonly Cents[],
  invoiced: readonly boolean[] | null,
  isBold: boolean,
): WorkbookCell[] {
  return [
    ...first,
    ...MONTH_INDEXES.flatMap((m) => [
      amount(prev[m]!, isBold),
      amount(reel[m]!, isBold),
      invoiced ? text(invoiced[m] ? 'Oui' : 'Non') : null,
    ]),
    amount(sumCents(prev), isBold),
    amount(sumCents(reel), isBold),
  ];
}

/** `Marges mensuelles` of these clients (by name; poles without lines left out, as in `Budget`). */
export function monthlyMarginsSheet(
  clients: readonly { client: Pick<Client, 'name'>; poles: readonly Pole[] }[],
  names: readonly string[] = MONTHS,
): WorkbookSheet {
  const header = monthlyHeader(names);
  const rows: WorkbookCell[][] = [header.map(bold)];
  const sorted = [...clients].sort((a, b) => compareFrench(a.client.name, b.client.name));
  for (const { client, poles } of sorted) {
    const withLines = poles.filter((p) => p.lines.length > 0);
    if (withLines.length === 0) continue;
    const prev = MONTH_INDEXES.map(() => ZERO_CENTS);
    const reel = MONTH_INDEXES.map(() => ZERO_CENTS);
    for (const pole of withLines) {
      const m = poleMargins(pole);
      MONTH_INDEXES.forEach((i) => {
        prev[i] = addCents(prev[i]!, m.prev[i]!);
        reel[i] = addCents(reel[i]!, m.reel[i]!);
      });
      rows.push(marginRow([text(client.name), text(pole.name)], m.prev, m.reel, pole.facture, false));
    }
    rows.push(marginRow([bold(client.name), bold('Total client')], prev, reel, null, true));
  }
  return {
    name: MONTHLY_SHEET,
    rows,
    widths: [24, 20, ...header.slice(2).map(() => 14)],
    frozenRows: 1,
    frozenColumns: 2,
  };
}

/** `Clôtures`: each month, 'Oui' with who closed it and when, or 'Non'. */
export function closingsSheet(closed: readonly ClosedMonth[], names: readonly string[] = MONTHS): WorkbookSheet {
  const byMonth = new Map(closed.map((c) => [c.month, c]));
  return {
    name: CLOSINGS_SHEET,
    rows: [
      ['Mois', 'Clôturé', 'Par', 'Le'].map(bold),
      ...MONTH_INDEXES.map((m) => {
        const lock = byMonth.get(m);
        return [
          text(names[m]!),
          text(lock ? 'Oui' : 'Non'),
          lock ? text(lock.closedBy) : null,
          lock ? text(lock.closedAt.slice(0, 10).split('-').reverse().join('/')) : null,
        ];
      }),
    ],
    widths: [14, 10, 28, 12],
    frozenRows: 1,
  };
}
