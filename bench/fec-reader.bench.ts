/**
 * Reading a FEC (issue 27's speed targets), engine-independent: `readFec` of a 100,000-line
 * year (bench/fec-generator.ts, the demo's clients as customers) against the bare parse of the
 * same bytes — TextDecoder, split into lines, split into fields, nothing checked or converted —
 * alternately in one run. Target ≤ 5× the bare parse; the preview's 3 s budget (reading and rules)
 * is reported against the reading alone, which leaves the rest to the rules.
 * Alone: `npx tsx bench/fec-reader.bench.ts [--lines 100000] [--runs 9]`.
 */
import { pathToFileURL } from 'node:url';
import { readFec } from '../src/domain/accounting/fec-reader';
import { generateFec } from './fec-generator';
import { BENCH_YEAR, median, ratioFigure, samplePair, type Bench, type Figure } from './lib';

/**
 * What any reader does at least: decode, split into lines, split into fields (kept, as readFec
 * keeps them). The reference of fec.bench.ts's preview too.
 */
export function bareParse(bytes: Uint8Array): string[][] {
  const text = new TextDecoder().decode(bytes);
  return text.split(/\r\n|\r|\n/).map((line) => line.split('|'));
}

export async function benchFecReader(
  options: { lines: number; runs: number; clientNames?: readonly string[] },
  log: (m: string) => void = console.log,
): Promise<Figure[]> {
  const { lines, runs, clientNames } = options;
  const bytes = generateFec({
    year: BENCH_YEAR,
    lines,
    seed: 1,
    ...(clientNames ? { clients: clientNames.length, clientNames } : {}),
  });
  log(`fec-reader : ${lines} lignes, ${(bytes.length / 1e6).toFixed(1)} Mo`);
  let read = 0;
  let fields = 0;
  const [ours, bare] = await samplePair(
    async () => {
      read = readFec(bytes).lines.length;
    },
    async () => {
      fields = bareParse(bytes).length;
    },
    { warmup: 2, runs },
  );
  if (read !== lines || fields !== lines + 1) throw new Error(`FEC lu : ${read} lignes, ${fields} en brut.`);
  const reading = median(ours);
  return [
    ratioFigure(
      `readFec, FEC de ${lines.toLocaleString('fr-FR')} lignes (${(bytes.length / 1e6).toFixed(1)} Mo), p50`,
      reading,
      'ms',
      { label: 'lecture brute : TextDecoder, lignes, champs', value: median(bare) },
      5,
    ),
    {
      figure: `readFec seul, dans le budget de 3 s de l'aperçu (lecture et règles), p50`,
      value: reading,
      unit: 'ms',
      target: { text: '≤ 3000 ms', met: reading <= 3000 },
    },
  ];
}

export default {
  name: 'fec-reader',
  scope: 'once',
  async run(ctx) {
    return benchFecReader(
      { lines: 100_000, runs: ctx.quick ? 3 : 9, clientNames: ctx.allYears.clients.map((c) => c.name) },
      ctx.log,
    );
  },
} satisfies Bench;

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const figures = await benchFecReader({ lines: Number(arg('lines') ?? 100_000), runs: Number(arg('runs') ?? 9) });
  for (const f of figures) {
    const reference = f.reference
      ? ` — ${f.reference.label} ${f.reference.value.toFixed(0)} ${f.unit} — ${f.ratio?.toFixed(2)}×`
      : '';
    console.log(
      `${f.figure} : ${f.value.toFixed(0)} ${f.unit}${reference} (${f.target?.text} ${f.target?.met ? 'atteint' : 'manqué'})`,
    );
  }
}
