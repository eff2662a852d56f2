/**
 * The management pack as a PDF (docs/product.md#management-pack, ADR 057): A4 landscape, pdfkit,
 * DejaVu Sans Condensed embedded (assets/fonts: é, è, ç, €, the thin spaces of French numbers).
 * Every page carries the pack's title, selection, exercice, cut-off and date above, « Page n / N »
 * below; tables repeat their header on each page they run over.
 */
import path from 'node:path';
import PDFDocument from 'pdfkit';
import type { ManagementPack, PackCell, PackTable } from '@/domain/files/management-pack';
import { formatEuros, formatPercent } from '@/domain/money';
import { projectRoot } from '../project-root';
import { drawEvolutionChart } from './pack-chart';

const FONT = 'pack';
const BOLD = 'pack-bold';
const MARGIN = 36;
const TOP = 56;
const BOTTOM = 40;
const ROW = 13;
const SIZE = 7.5;

type Doc = PDFKit.PDFDocument;

/** The text of a cell, as the screen writes it; an empty cell reads `—`. */
export function cellText(c: PackCell): string {
  if (c === null) return '—';
  if (c.kind === 'text') return c.value;
  if (c.kind === 'amount') return formatEuros(c.cents);
  return formatPercent(c.value, true);
}

/** `text` cut with « … » so it fits `width` at the current font. */
function fit(doc: Doc, text: string, width: number): string {
  if (doc.widthOfString(text) <= width) return text;
  let cut = text;
  while (cut.length > 1 && doc.widthOfString(`${cut}…`) > width) cut = cut.slice(0, -1);
  return `${cut}…`;
}

const bottomOf = (doc: Doc) => doc.page.height - BOTTOM;

/** Column widths: the name column takes what the others leave (at least 120 pt). */
function columns(doc: Doc, table: PackTable): number[] {
  const usable = doc.page.width - 2 * MARGIN;
  const others = table.header.length - 1;
  const each = Math.min(60, (usable - 120) / others);
  return [usable - each * others, ...Array.from({ length: others }, () => each)];
}

function headerRow(doc: Doc, table: PackTable, widths: number[], y: number): number {
  doc.font(BOLD).fontSize(SIZE);
  const heights = table.header.map((h, i) => doc.heightOfString(h, { width: widths[i]! - 4 }));
  const height = Math.max(...heights) + 4;
  doc.rect(MARGIN, y, doc.page.width - 2 * MARGIN, height).fill('#eef2f7');
  let x = MARGIN;
  table.header.forEach((h, i) => {
    doc.fillColor('#111').text(h, x + 2, y + 2, { width: widths[i]! - 4, align: i === 0 ? 'left' : 'right' });
    x += widths[i]!;
  });
  return y + height;
}

function bodyRow(
  doc: Doc,
  cells: PackCell[],
  widths: number[],
  y: number,
  bold: boolean,
  right = doc.page.width - MARGIN,
): number {
  doc.font(bold ? BOLD : FONT).fontSize(SIZE);
  let x = MARGIN;
  cells.forEach((c, i) => {
    const width = widths[i]! - 4;
    const negative = c !== null && ((c.kind === 'amount' && c.cents < 0) || (c.kind === 'percent' && c.value < 0));
    doc
      .fillColor(c === null ? '#888' : negative ? '#b91c1c' : '#111')
      .text(fit(doc, cellText(c), width), x + 2, y + 3, { width, align: i === 0 ? 'left' : 'right', lineBreak: false });
    x += widths[i]!;
  });
  doc
    .moveTo(MARGIN, y + ROW)
    .lineTo(right, y + ROW)
    .lineWidth(0.3)
    .strokeColor('#d4d4d8')
    .stroke();
  return y + ROW;
}

/** A table from `y`, continued on new pages (header repeated); returns the y under it. */
function drawTable(doc: Doc, table: PackTable, startY: number): number {
  const widths = columns(doc, table);
  let y = startY;
  if (y + 3 * ROW + 40 > bottomOf(doc)) y = newPage(doc);
  doc.font(BOLD).fontSize(11).fillColor('#111').text(table.title, MARGIN, y, { lineBreak: false });
  y = headerRow(doc, table, widths, y + 16);
  const rows = [
    ...table.rows.map((r) => ({ r, bold: false })),
    ...(table.total ? [{ r: table.total, bold: true }] : []),
  ];
  if (rows.length === 0) {
    doc
      .font(FONT)
      .fontSize(SIZE)
      .fillColor('#555')
      .text('Aucune ligne.', MARGIN + 2, y + 3, { lineBreak: false });
    y += ROW;
  }
  for (const { r, bold } of rows) {
    if (y + ROW > bottomOf(doc)) y = headerRow(doc, table, widths, newPage(doc));
    y = bodyRow(doc, r, widths, y, bold);
  }
  if (table.note) {
    if (y + 2 * ROW > bottomOf(doc)) y = newPage(doc);
    doc.font(FONT).fontSize(SIZE).fillColor('#555');
    doc.text(table.note, MARGIN, y + 4, { width: doc.page.width - 2 * MARGIN });
    y = doc.y;
  }
  return y + 18;
}

function newPage(doc: Doc): number {
  doc.addPage();
  return TOP;
}

/** Title, selection and date above, « Page n / N » below, on every buffered page. */
function stampPages(doc: Doc, pack: ManagementPack) {
  const range = doc.bufferedPageRange();
  const heading = `${pack.title} — ${pack.selection} — Exercice ${pack.year}, ${pack.cutoff}`;
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const width = doc.page.width - 2 * MARGIN;
    // Writing in the margins: no automatic page break there.
    doc.page.margins.bottom = 0;
    doc.font(BOLD).fontSize(9).fillColor('#111');
    doc.text(fit(doc, heading, width - 140), MARGIN, 24, { lineBreak: false });
    doc.font(FONT).fontSize(9).text(`Édité le ${pack.date}`, MARGIN, 24, { width, align: 'right', lineBreak: false });
    doc
      .moveTo(MARGIN, 40)
      .lineTo(doc.page.width - MARGIN, 40)
      .lineWidth(0.5)
      .strokeColor('#999')
      .stroke();
    const footerY = doc.page.height - 28;
    doc.font(FONT).fontSize(8).fillColor('#555');
    doc.text('Budget & Marges', MARGIN, footerY, { lineBreak: false });
    doc.text(`Page ${i - range.start + 1} / ${range.count}`, MARGIN, footerY, {
      width,
      align: 'right',
      lineBreak: false,
    });
  }
}

/** The pack's PDF bytes. */
export function packPdf(pack: ManagementPack): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margins: { top: TOP, bottom: BOTTOM, left: MARGIN, right: MARGIN },
    bufferPages: true,
    lang: 'fr-FR',
    info: { Title: `${pack.title} — ${pack.selection} — ${pack.year}`, Author: 'Budget & Marges' },
  });
  const fonts = path.join(projectRoot(), 'assets', 'fonts');
  doc.registerFont(FONT, path.join(fonts, 'DejaVuSansCondensed.ttf'));
  doc.registerFont(BOLD, path.join(fonts, 'DejaVuSansCondensed-Bold.ttf'));
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  // Page 1: the KPIs beside the evolution chart.
  const half = (doc.page.width - 2 * MARGIN) / 2;
  const kpiWidth = half - 12;
  const kpis = drawKpis(doc, pack.kpis, kpiWidth);
  drawEvolutionChart(
    doc,
    pack.evolution,
    pack.monthLabels,
    { x: MARGIN + half + 12, y: TOP, width: half - 12, height: 260 },
    {
      regular: FONT,
      bold: BOLD,
    },
  );
  let y = Math.max(kpis, TOP + 290);
  for (const table of pack.tables) y = drawTable(doc, table, y);
  stampPages(doc, pack);
  doc.end();
  return done;
}

/** The KPI table in the left half of page 1 (three columns: label, value, %). */
function drawKpis(doc: Doc, table: PackTable, width: number): number {
  const widths = [width - 150, 90, 60];
  doc.font(BOLD).fontSize(11).fillColor('#111').text(table.title, MARGIN, TOP, { lineBreak: false });
  let y = TOP + 16;
  doc.font(BOLD).fontSize(SIZE);
  doc.rect(MARGIN, y, width, ROW + 2).fill('#eef2f7');
  let x = MARGIN;
  table.header.forEach((h, i) => {
    doc.fillColor('#111').text(h, x + 2, y + 3, { width: widths[i]! - 4, align: i === 0 ? 'left' : 'right' });
    x += widths[i]!;
  });
  y += ROW + 2;
  for (const r of table.rows) y = bodyRow(doc, r, widths, y, false, MARGIN + width);
  return y;
}
