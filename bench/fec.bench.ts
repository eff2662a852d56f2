/**
 * Actuals from the FEC through the API (issue 27's speed targets, ADR 047), on the seeded
 * data set of BENCH_YEAR: the generator's 100,000-line year (bench/fec-generator.ts, its customers
 * C0001… named as the seeded clients) under a realistic mapping document, put first (untimed):
 *
 * - every customer mapped to the seeded client of its name; 706100 → Paid / Frais de gestion Paid,
 *   706200 → SEO/GEO / Accompagnement SEO mensuel, 706300 split 60/40 between two Data lines,
 *   706400 → CRM / Emailing & automation, spread over the forecasts for one client in 30
 *   (retainers); 62 (fees, bank) and 64 (payroll) ignored; 467 an agent account, its re-invoicing
 *   to the client (VE journal) ignored. A rule naming a line a client lacks creates it (and its
 *   pole): ~1,000 lines at 300 clients, as the demo's clients hold 5–10 poles of the catalogue;
 * - the two main media suppliers tied to their client: the generator writes the client only in the
 *   purchase lines' label (« Google Ads – <client> – mars »; the entry's third party is the
 *   supplier), so one rule per supplier and client (GOOGLE and META × every client, `label`
 *   « – <client> – ») → Paid / Google Ads – Search or Paid / Meta Ads. LinkedIn, Microsoft,
 *   TikTok, tools, freelancers and accruals stay unmapped (« À affecter »), as in a first month.
 *
 * Figures: the preview (p50 of 3 after a warm-up; the request until its body is read) against the
 * bare parse of the same bytes (fec-reader.bench.ts's), alternately (≤ 5×), and against the 3 s
 * budget; the apply against a raw write of the same cells in one transaction (the preview's cells:
 * the poles and lines the rules create inserted with their months, the other cells updated from
 * one unnest), in alternation (≤ 2×); a re-apply of the same file (a no-op), against the preview.
 * The first apply is undone through the API; every other write is put back by `restore`; a
 * checksum of the year shows the state back before the next write. The results are checked before
 * anything is timed (coverage, cells changed, undo) so a broken route cannot make a fast figure.
 */
import { randomUUID } from 'node:crypto';
import type { FecApplyAnswer, FecPreviewAnswer } from '../src/domain/answers';
import type { MappingDocumentInput } from '../src/domain/accounting/mapping-schema';
import type { MappingRule } from '../src/domain/accounting/types';
import { bareParse } from './fec-reader.bench';
import { fecThirdParties, generateFec } from './fec-generator';
import {
  api,
  median,
  ratioFigure,
  rawQuery,
  rawTransaction,
  samplePair,
  withYear,
  BENCH_YEAR,
  type Bench,
  type BenchContext,
  type Figure,
} from './lib';

const LINES = 100_000;
/** The media suppliers whose invoices are tied to a client (by the label), and the line they feed. */
const MEDIA = [
  { thirdParty: 'GOOGLE', line: 'Google Ads – Search' },
  { thirdParty: 'META', line: 'Meta Ads (Facebook & Instagram)' },
] as const;
/**
 * One client in SPREAD_EVERY has its 706400 fees spread over its forecasts. Every client's, spread
 * over its ~40 lines, would make the preview 85,656 cells (21.7 MB) instead of 17,170 (4.1 MB) at
 * 300 clients: a stress case rather than a month's import (~6 s of CPU per preview on PGlite).
 */
const SPREAD_EVERY = 30;
/**
 * Rounds of apply, re-apply and raw write (1 with --quick): each costs about 20 s of CPU at 300
 * clients on PGlite, with the write put back after each; two keep the bench near a minute.
 */
const APPLY_ROUNDS = 2;

/** The mapping document described in the file's doc, for the seeded clients (`ctx.data`). */
export function mappingFor(
  ctx: Pick<BenchContext, 'data'>,
  customers: readonly { num: string; name: string }[],
): MappingDocumentInput {
  const idOf = new Map(ctx.data.clients.map((c) => [c.name, c.id]));
  const clients = customers.map((c) => {
    const clientId = idOf.get(c.name);
    if (!clientId) throw new Error(`fec : client « ${c.name} » absent du jeu de données.`);
    return { thirdParty: c.num, clientId };
  });
  const rules: MappingRule[] = [
    { when: { account: '62' }, then: { ignore: true } },
    { when: { account: '64' }, then: { ignore: true } },
    { when: { journal: 'VE', account: '467' }, then: { ignore: true } },
    ...MEDIA.flatMap(({ thirdParty, line }) =>
      customers.map((c, i) => ({
        when: { thirdParty, label: `– ${c.name} –` },
        then: { clientId: clients[i]!.clientId, pole: 'Paid', line },
      })),
    ),
    { when: { account: '706100' }, then: { pole: 'Paid', line: 'Frais de gestion Paid' } },
    { when: { account: '706200' }, then: { pole: 'SEO/GEO', line: 'Accompagnement SEO mensuel' } },
    {
      when: { account: '706300' },
      then: {
        split: [
          { pole: 'Data', line: 'Tableaux de bord', percent: 60 },
          { pole: 'Data', line: 'Analyses ad hoc', percent: 40 },
        ],
      },
    },
    // Retainers invoiced as a whole: one client in 30 has its CRM fees spread over its lines' forecasts.
    ...clients
      .filter((_, i) => i % SPREAD_EVERY === 0)
      .map((c) => ({ when: { thirdParty: c.thirdParty, account: '706400' }, then: { spread: 'forecast' as const } })),
    { when: { account: '706400' }, then: { pole: 'CRM', line: 'Emailing & automation' } },
  ];
  return { agentAccounts: ['467'], clients, rules };
}

/** A request with the file's bytes as body; resolves once the answer is read whole. */
async function send(ctx: BenchContext, path: string, bytes: Uint8Array): Promise<string> {
  const res = await fetch(`${ctx.baseUrl}${withYear(path)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/octet-stream' },
    body: bytes as Uint8Array<ArrayBuffer>,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`POST ${path} → ${res.status} ${text.slice(0, 300)}`);
  return text;
}

/** What the year holds, summed: equal before and after a run that was undone. */
async function checksum(ctx: BenchContext): Promise<string> {
  const [row] = await rawQuery<Record<string, string>>(
    ctx.raw,
    `select (select count(*) from expertise_poles where year = $1)::text as poles,
            (select count(*) from budget_line_items where year = $1)::text as lines,
            (select count(*) || ' ' || sum(reel) || ' ' || sum(achat) || ' ' || sum((reel + 3 * achat) * (month_index + 1))
               from budget_monthly_data where year = $1) as cells,
            (select sum(reel) || ' ' || sum(achat) || ' ' || sum((reel + 3 * achat) * (month + 1))
               from dashboard_client_months where year = $1) as sums`,
    [BENCH_YEAR],
  );
  return JSON.stringify(row);
}

type Cell = FecPreviewAnswer['cells'][number];

/** The label of a figure that is the slowest of its runs (2 rounds of apply: their p50 would be the faster). */
const slowestOf = (runs: readonly number[]) => (runs.length === 1 ? '1 run' : `slowest of ${runs.length} runs`);
const euros = (n: number) => n.toFixed(2);

/** The existing cells as one row per (line, month): réel and achat, null where the cell is not written. */
function pivot(cells: readonly Cell[], value: (c: Cell) => number) {
  const rows = new Map<string, { lineId: string; month: number; reel: string | null; achat: string | null }>();
  for (const c of cells) {
    const key = `${c.lineId}:${c.month}`;
    const row = rows.get(key) ?? { lineId: c.lineId!, month: c.month, reel: null, achat: null };
    row[c.field] = euros(value(c));
    rows.set(key, row);
  }
  const list = [...rows.values()];
  return [list.map((r) => r.lineId), list.map((r) => r.month), list.map((r) => r.reel), list.map((r) => r.achat)];
}

const UPDATE_CELLS = `update budget_monthly_data d set reel = coalesce(v.r, d.reel), achat = coalesce(v.a, d.achat)
  from unnest($1::uuid[], $2::smallint[], $3::numeric[], $4::numeric[]) as v(l, m, r, a)
 where d.budget_line_item_id = v.l and d.month_index = v.m and d.year = $5`;

/** What the year held before the bench: its lines and poles, the last history entry and import. */
interface Found {
  lineIds: string[];
  poleIds: string[];
  entry: string;
  imports: string;
}

async function found(ctx: BenchContext): Promise<Found> {
  const ids = async (table: string) =>
    (await rawQuery<{ id: string }>(ctx.raw, `select id::text from ${table} where year = $1`, [BENCH_YEAR])).map(
      (r) => r.id,
    );
  const [last] = await rawQuery<{ entry: string; imports: string }>(
    ctx.raw,
    `select (select coalesce(max(id), 0) from history_entries)::text as entry,
            (select coalesce(max(id), 0) from accounting_imports)::text as imports`,
  );
  return { lineIds: await ids('budget_line_items'), poleIds: await ids('expertise_poles'), ...last! };
}

/**
 * Puts the year back as `before` held it, in one transaction: the cells of the preview to their
 * current values, the lines and poles created since deleted (their months and sums with them), the
 * imports recorded and the history written since deleted.
 */
async function restore(ctx: BenchContext, cells: readonly Cell[], before: Found): Promise<void> {
  await rawTransaction(ctx.raw, async (q) => {
    await q(UPDATE_CELLS, [
      ...pivot(
        cells.filter((c) => c.lineId !== null),
        (c) => c.current,
      ),
      BENCH_YEAR,
    ]);
    await q(`delete from budget_line_items where year = $1 and id not in (select unnest($2::uuid[]))`, [
      BENCH_YEAR,
      before.lineIds,
    ]);
    await q(`delete from expertise_poles where year = $1 and id not in (select unnest($2::uuid[]))`, [
      BENCH_YEAR,
      before.poleIds,
    ]);
    await q(`delete from accounting_imports where id > $1`, [before.imports]);
    await q(`delete from history_entries where id > $1`, [before.entry]);
  });
}

/**
 * The raw reference: the preview's cells written in one transaction — the poles and lines the rules
 * create, with their twelve months, then the existing cells from one unnest. Returns its time.
 */
async function rawWrite(ctx: BenchContext, cells: readonly Cell[]): Promise<number> {
  const existing = cells.filter((c) => c.lineId !== null);
  const created = new Map<string, { id: string; clientId: string; pole: string; line: string; months: Cell[] }>();
  for (const c of cells) {
    if (c.lineId !== null) continue;
    const key = `${c.clientId}\u0000${c.pole}\u0000${c.line}`;
    const line = created.get(key) ?? { id: randomUUID(), clientId: c.clientId, pole: c.pole, line: c.line, months: [] };
    line.months.push(c);
    created.set(key, line);
  }
  const lines = [...created.values()];
  const months = lines.flatMap((l) =>
    Array.from({ length: 12 }, (_, m) => {
      const at = l.months.filter((c) => c.month === m);
      const of = (field: Cell['field']) => euros(at.find((c) => c.field === field)?.imported ?? 0);
      return { id: l.id, m, r: of('reel'), a: of('achat') };
    }),
  );
  const started = performance.now();
  await rawTransaction(ctx.raw, async (q) => {
    await q(
      `insert into expertise_poles (client_id, year, name)
       select distinct v.c, $3::smallint, v.n from unnest($1::uuid[], $2::text[]) as v(c, n)
        where not exists (select 1 from expertise_poles p where p.client_id = v.c and p.year = $3 and p.name = v.n)`,
      [lines.map((l) => l.clientId), lines.map((l) => l.pole), BENCH_YEAR],
    );
    await q(
      `insert into budget_line_items (id, expertise_pole_id, year, name)
       select v.id, p.id, $5, v.name from unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[]) with ordinality as v(id, c, pole, name, ord)
         join lateral (select id from expertise_poles p where p.client_id = v.c and p.year = $5 and p.name = v.pole order by p.seq limit 1) p on true
        order by v.ord`,
      [
        lines.map((l) => l.id),
        lines.map((l) => l.clientId),
        lines.map((l) => l.pole),
        lines.map((l) => l.line),
        BENCH_YEAR,
      ],
    );
    await q(
      `insert into budget_monthly_data (budget_line_item_id, year, month_index, reel, achat)
       select v.l, $5, v.m, v.r, v.a from unnest($1::uuid[], $2::smallint[], $3::numeric[], $4::numeric[]) as v(l, m, r, a)`,
      [months.map((x) => x.id), months.map((x) => x.m), months.map((x) => x.r), months.map((x) => x.a), BENCH_YEAR],
    );
    await q(UPDATE_CELLS, [...pivot(existing, (c) => c.imported), BENCH_YEAR]);
  });
  return performance.now() - started;
}

export default {
  name: 'fec',
  async run(ctx) {
    const names = ctx.data.clients.map((c) => c.name);
    const options = { year: BENCH_YEAR, lines: LINES, seed: 1, clients: names.length, clientNames: names };
    const bytes = generateFec(options);
    const customers = fecThirdParties(options).filter((t) => t.kind === 'customer');
    const mapping = mappingFor(ctx, customers);
    const before = await found(ctx);
    const mappingBefore = await rawQuery<{ document: unknown; updated_by: string }>(
      ctx.raw,
      `select document, updated_by from accounting_mapping`,
    );
    await api(ctx.baseUrl, 'PUT', '/api/accounting/mapping', mapping);
    const figures: Figure[] = [];
    let cells: Cell[] = [];
    try {
      const state = await checksum(ctx);
      const back = async (what: string) => {
        const now = await checksum(ctx);
        if (now !== state) throw new Error(`fec : état non restauré après ${what} :\n${state}\n${now}`);
      };
      // Checked before any timing: the rules map most of the file, the apply writes, undo restores.
      const previewText = await send(ctx, '/api/accounting/fec/preview', bytes);
      const preview = JSON.parse(previewText) as FecPreviewAnswer;
      cells = preview.cells;
      const sum = (f: (m: FecPreviewAnswer['months'][number]) => number) =>
        preview.months.reduce((s, m) => s + Math.abs(f(m)), 0);
      const ledger = sum((m) => m.ledgerSales) + sum((m) => m.ledgerPurchases);
      const coverage = 1 - (sum((m) => m.unmappedSales) + sum((m) => m.unmappedPurchases)) / ledger;
      const newCells = cells.filter((c) => c.lineId === null).length;
      ctx.log(
        `fec : ${(bytes.length / 1e6).toFixed(1)} Mo, ${mapping.rules?.length} règles ; aperçu ${(previewText.length / 1e6).toFixed(1)} Mo : ` +
          `${cells.length} cellules (${newCells} de ${preview.linesCreated} lignes créées), ` +
          `${preview.unmapped.length} groupes à affecter, ${(coverage * 100).toFixed(1)} % des montants affectés`,
      );
      if (!(coverage > 0.5) || cells.length === 0 || preview.lines !== LINES)
        throw new Error(`fec : aperçu incohérent (${preview.lines} lignes, ${cells.length} cellules).`);

      const [previews, bare] = await samplePair(
        () => send(ctx, '/api/accounting/fec/preview', bytes),
        async () => bareParse(bytes),
        { warmup: 1, runs: ctx.quick ? 2 : 3 },
      );
      ctx.log(
        `fec : aperçus ${previews.map((ms) => ms.toFixed(0)).join(', ')} ms, lecture brute ${bare.map((ms) => ms.toFixed(0)).join(', ')} ms`,
      );

      // Apply (then the same file again) and its raw reference, alternately, in APPLY_ROUNDS rounds
      // (the previews warmed the reading and the rules up). The first apply is undone through the
      // API, which is checked; the others are put back by `restore`, cheaper than an undo (untimed).
      const applies: number[] = [];
      const reapplies: number[] = [];
      const raws: number[] = [];
      const rounds = ctx.quick ? 1 : APPLY_ROUNDS;
      for (let i = 0; i < rounds; i += 1) {
        const rawMs = await rawWrite(ctx, cells);
        await restore(ctx, cells, before);
        await back("l'écriture brute");

        let started = performance.now();
        const applied = JSON.parse(await send(ctx, '/api/accounting/fec/apply', bytes)) as FecApplyAnswer;
        const applyMs = performance.now() - started;
        if (applied.cellsChanged !== cells.length || applied.historyId === null)
          throw new Error(`fec : apply ${JSON.stringify(applied)}, ${cells.length} cellules attendues.`);
        started = performance.now();
        const again = JSON.parse(await send(ctx, '/api/accounting/fec/apply', bytes)) as FecApplyAnswer;
        const reapplyMs = performance.now() - started;
        if (again.cellsChanged !== 0 || again.historyId !== null)
          throw new Error(`fec : le même fichier réappliqué a changé ${again.cellsChanged} cellules.`);
        applies.push(applyMs);
        reapplies.push(reapplyMs);
        raws.push(rawMs);
        if (i === 0) {
          await api(ctx.baseUrl, 'POST', `/api/history/${applied.historyId}/undo`);
          // The undo restores the cells, lines and poles; the imports recorded and the entries go too,
          // so that every run plans against no earlier import, as the first one did.
          await rawQuery(ctx.raw, `delete from accounting_imports where id > $1`, [before.imports]);
          await rawQuery(ctx.raw, `delete from history_entries where id > $1`, [before.entry]);
          await back("l'annulation de l'import");
        } else {
          await restore(ctx, cells, before);
          await back("la remise en état après l'import");
        }
        ctx.log(
          `fec : apply ${applyMs.toFixed(0)} ms (${applied.cellsChanged} cellules, ${applied.linesCreated} lignes créées), ` +
            `réapplication ${reapplyMs.toFixed(0)} ms, écriture brute ${rawMs.toFixed(0)} ms`,
        );
      }

      const label = `FEC of ${LINES.toLocaleString('en')} lines (${(bytes.length / 1e6).toFixed(1)} MB)`;
      const previewMs = median(previews);
      figures.push(
        ratioFigure(
          `preview of a ${label}, POST /api/accounting/fec/preview (p50 of ${previews.length})`,
          previewMs,
          'ms',
          { label: 'bare parse: TextDecoder, lines, fields', value: median(bare) },
          5,
        ),
        {
          figure: `the same preview against issue 27's budget (p50)`,
          value: previewMs,
          unit: 'ms',
          target: { text: '≤ 3000 ms', met: previewMs <= 3000 },
        },
        ratioFigure(
          `apply of that file, ${cells.length.toLocaleString('en')} cells, ${preview.linesCreated} lines created, POST /api/accounting/fec/apply (${slowestOf(applies)})`,
          Math.max(...applies),
          'ms',
          { label: 'raw write of the same cells in one transaction (the same)', value: Math.max(...raws) },
          2,
        ),
        {
          figure: `re-apply of the same file: a no-op, 0 cells changed (${slowestOf(reapplies)})`,
          value: Math.max(...reapplies),
          unit: 'ms',
          reference: { label: 'the preview of it (p50)', value: previewMs },
        },
      );
    } finally {
      // As found: the cells, lines and poles, the imports recorded, the history since, the mapping.
      await restore(ctx, cells, before);
      const [kept] = mappingBefore;
      if (kept)
        await rawQuery(ctx.raw, `update accounting_mapping set document = $1::jsonb, updated_by = $2`, [
          JSON.stringify(kept.document),
          kept.updated_by,
        ]);
      else await rawQuery(ctx.raw, `delete from accounting_mapping`);
    }
    return figures;
  },
} satisfies Bench;
