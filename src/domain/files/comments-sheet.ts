/**
 * The sheet `Commentaires` of the budget workbook (docs/product.md#excel-export): one row per
 * comment of the exported client-years, replies included, by client (the all-clients workbook,
 * ADR 063) then oldest first — where it sits (the line
 * as « Pôle › Ligne », « ligne supprimée », or the client-year), the month and measure of a
 * cell's, who wrote it, when (Paris time), its text, and whether its thread is resolved.
 */
import { compareFrench } from '../catalogue';
import { COMMENT_TEXTS } from '../comments';
import { formatHistoryAt } from '../history-view';
import { MEASURE_LABELS, type Measure } from '../measures';
import { MONTHS } from '../months';
import { text, type WorkbookCell, type WorkbookSheet } from './workbook';

export const COMMENTS_SHEET = 'Commentaires';

export const COMMENTS_HEADER = ['Client', 'Ligne', 'Mois', 'Mesure', 'Auteur', 'Date', 'Texte', 'Résolu'] as const;

/** A comment as the sheet needs it (the fields of `GET /api/comments`' answer). */
export interface SheetComment {
  clientName: string;
  lineId: string | null;
  lineName: string | null;
  poleName: string | null;
  month: number | null;
  field: Measure | null;
  authorName: string;
  /** ISO instant. */
  at: string;
  text: string;
  resolved: boolean;
}

const placeOf = (c: SheetComment) =>
  c.lineId === null
    ? 'Client-exercice'
    : c.lineName === null
      ? COMMENT_TEXTS.deletedLine
      : `${c.poleName ?? ''} › ${c.lineName}`;

/** `names`: the twelve months in fiscal order (docs/product.md#fiscal-years). */
export function commentsSheet(comments: readonly SheetComment[], names: readonly string[] = MONTHS): WorkbookSheet {
  const rows: WorkbookCell[][] = [COMMENTS_HEADER.map((h) => text(h, { bold: true }))];
  // A stable sort: each client's comments keep their order (oldest first).
  for (const c of [...comments].sort((a, b) => compareFrench(a.clientName, b.clientName))) {
    rows.push([
      text(c.clientName),
      text(placeOf(c)),
      text(c.month === null ? '' : names[c.month]!),
      text(c.field === null ? '' : MEASURE_LABELS[c.field]),
      text(c.authorName),
      text(formatHistoryAt(c.at, 'Europe/Paris')),
      text(c.text),
      text(c.resolved ? 'Oui' : 'Non'),
    ]);
  }
  return { name: COMMENTS_SHEET, rows, widths: [24, 34, 12, 18, 24, 24, 60, 8], frozenRows: 1 };
}
