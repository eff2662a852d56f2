/**
 * Excel in and out (issue 17), engine-independent: the export of every client's year (300 clients
 * of the demo set) as the budget workbook, against writing the very same rows as plain values with
 * the same library (write-excel-file, no formula, format or feature); and the import of that
 * workbook (size and zip checks, our unzipping, the formula scan, read-excel-file, the exact
 * amounts and the plan against the same data), against read-excel-file reading the same two
 * sheets. Target ≤ 2× each. The import's time is also why it runs in a Web Worker: far more than
 * a frame. Alone: `npx tsx bench/xlsx.bench.ts [--clients N] [--runs N]`.
 */
import { pathToFileURL } from 'node:url';
import writeExcelFile from 'write-excel-file/universal';
import { readSheet } from 'read-excel-file/universal';
import { backupFromWire } from '../src/domain/codec';
import { budgetWorkbook, BUDGET_SHEET, IDS_SHEET } from '../src/domain/files/budget-workbook';
import { planImport } from '../src/domain/files/import-plan';
import type { Workbook } from '../src/domain/files/workbook';
import type { Backup } from '../src/domain/model';
import { readWorkbookBytes } from '../src/web/lib/xlsx/read';
import { workbookBlob } from '../src/web/lib/xlsx/write';
import { generateDemoBackup, oneYearDocument } from './demo-data';
import { BENCH_TODAY, BENCH_YEAR, median, ratioFigure, samplePair, type Bench, type Figure } from './lib';

/** The same rows as plain values: what a bare serialisation writes. */
function plainSheets(workbook: Workbook) {
  return workbook.sheets.map((sheet) => ({
    sheet: sheet.name,
    data: sheet.rows.map((row) =>
      row.map((cell) =>
        cell === null
          ? null
          : cell.kind === 'text'
            ? cell.value
            : cell.kind === 'number'
              ? cell.value
              : cell.cents / 100,
      ),
    ),
  }));
}

const bytesOf = async (blob: Blob) => new Uint8Array(await blob.arrayBuffer());

export async function benchXlsx(data: Backup, runs: number, log: (m: string) => void = console.log): Promise<Figure[]> {
  const input = {
    year: BENCH_YEAR,
    scope: 'all' as const,
    now: BENCH_TODAY,
    clients: data.clients.map((client) => ({ client, poles: data.budgetData[client.id] ?? [] })),
  };
  const lines = input.clients.reduce((n, c) => n + c.poles.reduce((k, p) => k + p.lines.length, 0), 0);
  log(`xlsx : ${data.clients.length} clients, ${lines} lignes`);
  // One unmeasured round first when there are several (a 300-client round takes tens of seconds).
  const repeat = { warmup: runs > 1 ? 1 : 0, runs };

  let bytes = new Uint8Array();
  const [ours, raw] = await samplePair(
    async () => {
      bytes = await bytesOf(await workbookBlob(budgetWorkbook(input)));
    },
    async () => bytesOf(await writeExcelFile(plainSheets(budgetWorkbook(input))).toBlob()),
    repeat,
  );
  log(`xlsx : fichier de ${(bytes.length / 1e6).toFixed(1)} Mo`);

  const ctx = { clients: data.clients, budgetData: data.budgetData, closedMonths: new Set<number>() };
  const [oursIn, rawIn] = await samplePair(
    async () => planImport(await readWorkbookBytes(bytes), ctx),
    async () => {
      const buffer = bytes.slice().buffer;
      await readSheet(buffer, BUDGET_SHEET, { parseNumber: (n: string) => n });
      await readSheet(buffer, IDS_SHEET, { parseNumber: (n: string) => n });
    },
    repeat,
  );
  return [
    ratioFigure(
      `export .xlsx de tous les clients (${data.clients.length}, ${lines} lignes), p50`,
      median(ours),
      'ms',
      { label: 'write-excel-file, mêmes lignes en valeurs simples', value: median(raw) },
      2,
    ),
    ratioFigure(
      `import de ce classeur (${(bytes.length / 1e6).toFixed(1)} Mo) : lecture exacte et aperçu, p50`,
      median(oursIn),
      'ms',
      { label: 'read-excel-file, feuilles Budget et _ids', value: median(rawIn) },
      2,
    ),
  ];
}

export default {
  name: 'xlsx',
  scope: 'once',
  async run(ctx) {
    return benchXlsx(backupFromWire(ctx.data), ctx.quick ? 1 : 3, ctx.log);
  },
} satisfies Bench;

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const clients = Number(arg('clients') ?? 300);
  const doc = generateDemoBackup({ clients, seed: 1, today: BENCH_TODAY });
  const figures = await benchXlsx(backupFromWire(oneYearDocument(doc, BENCH_YEAR)), Number(arg('runs') ?? 3));
  for (const f of figures) {
    console.log(
      `${f.figure} : ${f.value.toFixed(0)} ${f.unit} — ${f.reference?.label} ${f.reference?.value.toFixed(0)} ${f.unit} — ${f.ratio?.toFixed(2)}× (${f.target?.text} ${f.target?.met ? 'atteint' : 'manqué'})`,
    );
  }
}
