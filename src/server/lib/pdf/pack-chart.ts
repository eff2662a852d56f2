/**
 * The pack's 'Évolution mensuelle' chart (docs/product.md#management-pack): per month a bar of
 * Prévisionnel and one of Réel, and the Marge as a line; Réel and Marge stop after the cut-off
 * (docs/product.md#dashboard-charts), as on screen.
 */
import type { MonthlyRow } from '@/domain/dashboard/views';
import { formatCompactEuros, type Cents } from '@/domain/money';

type Doc = PDFKit.PDFDocument;
interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const COLOURS = { previsionnel: '#94a3b8', reel: '#2563eb', marge: '#16a34a' };
const LEGEND: [string, string][] = [
  ['Prévisionnel', COLOURS.previsionnel],
  ['Réel', COLOURS.reel],
  ['Marge', COLOURS.marge],
];

export function drawEvolutionChart(
  doc: Doc,
  rows: readonly MonthlyRow[],
  labels: readonly string[],
  box: Box,
  fonts: { regular: string; bold: string },
) {
  doc.font(fonts.bold).fontSize(11).fillColor('#111').text('Évolution mensuelle', box.x, box.y, { lineBreak: false });
  const plot = { x: box.x + 48, y: box.y + 34, width: box.width - 52, height: box.height - 60 };
  const values = rows.flatMap((m) => (m.known ? [m.previsionnel, m.reel, m.margin] : [m.previsionnel]));
  const max = Math.max(1, ...values);
  const min = Math.min(0, ...values);
  const yOf = (cents: number) => plot.y + plot.height - ((cents - min) / (max - min)) * plot.height;

  // Legend, then four grid lines with their amounts.
  let lx = box.x;
  doc.font(fonts.regular).fontSize(7);
  for (const [label, colour] of LEGEND) {
    doc.rect(lx, box.y + 19, 8, 8).fill(colour);
    doc.fillColor('#111').text(label, lx + 11, box.y + 19, { lineBreak: false });
    lx += 16 + doc.widthOfString(label) + 8;
  }
  for (let i = 0; i <= 4; i++) {
    const value = min + ((max - min) * i) / 4;
    const y = yOf(value);
    doc
      .moveTo(plot.x, y)
      .lineTo(plot.x + plot.width, y)
      .lineWidth(0.3)
      .strokeColor('#e4e4e7')
      .stroke();
    doc.fillColor('#555').text(formatCompactEuros(Math.round(value) as Cents), box.x, y - 3, {
      width: 44,
      align: 'right',
      lineBreak: false,
    });
  }

  const slot = plot.width / Math.max(1, rows.length);
  const bar = slot * 0.32;
  const points: [number, number][] = [];
  rows.forEach((m, i) => {
    const x = plot.x + i * slot + slot * 0.15;
    const zero = yOf(0);
    const column = (cents: number, left: number, colour: string) => {
      const top = Math.min(yOf(cents), zero);
      doc.rect(left, top, bar, Math.max(0.5, Math.abs(zero - yOf(cents)))).fill(colour);
    };
    column(m.previsionnel, x, COLOURS.previsionnel);
    if (m.known) {
      column(m.reel, x + bar, COLOURS.reel);
      points.push([plot.x + i * slot + slot / 2, yOf(m.margin)]);
    }
    doc
      .fillColor('#555')
      .fontSize(7)
      .text(labels[m.monthIndex] ?? m.month, plot.x + i * slot, plot.y + plot.height + 4, {
        width: slot,
        align: 'center',
        lineBreak: false,
      });
  });
  if (points.length > 0) {
    const [first, ...rest] = points;
    doc.moveTo(first![0], first![1]);
    for (const [x, y] of rest) doc.lineTo(x, y);
    doc.lineWidth(1.5).strokeColor(COLOURS.marge).stroke();
    for (const [x, y] of points) doc.circle(x, y, 1.8).fill(COLOURS.marge);
  }
}
