/**
 * Resuming event streams (issue 34, B4): one-cell saves while 30 streams keep resuming from
 * `Last-Event-ID: 0` — each reopened as soon as its first event arrives — against the same saves
 * with none, in alternating blocks of the same run (target p95 ≤ 1.5×). The year first receives
 * 300 saves of 500 cells (60 with --quick): what a resume from 0 used to read, cells included,
 * before filtering by scope (the research's reproduction). The resuming readers run in a child
 * process, as browsers are elsewhere.
 */
import { MEASURES } from '../src/domain/measures';
import {
  api,
  childReaders,
  lineIdsOf,
  percentile,
  ratioFigure,
  rawQuery,
  withYear,
  type Bench,
  type Figure,
} from './lib';

/** Streams resuming from 0 over and over; prints `ready` once each has had an answer, ends when stdin closes. */
const RESUMERS = `
const [url, count] = process.argv.slice(1);
const controller = new AbortController();
// One abort listener per open stream (30), past Node's warning threshold of 10.
require('node:events').setMaxListeners(0, controller.signal);
let answered = 0;
const loops = [];
for (let k = 0; k < Number(count); k += 1) {
  loops.push((async () => {
    let first = true;
    while (!controller.signal.aborted) {
      const stream = new AbortController();
      const stop = () => stream.abort();
      controller.signal.addEventListener('abort', stop);
      try {
        const res = await fetch(url, { headers: { 'last-event-id': '0' }, signal: stream.signal });
        const reader = res.body.getReader();
        const decoder = new TextDecoder();
        for (let text = ''; !/^event: /m.test(text); ) {
          const { done, value } = await reader.read();
          if (done) break;
          text += decoder.decode(value);
        }
      } catch {}
      stream.abort();
      controller.signal.removeEventListener('abort', stop);
      if (first && (first = false, (answered += 1) === Number(count))) process.stdout.write('ready\\n');
    }
  })());
}
process.stdin.on('end', () => { controller.abort(); Promise.allSettled(loops).then(() => process.exit(0)); });
process.stdin.resume();
`;

export default {
  name: 'live-resume',
  async run(ctx) {
    const STREAMS = 30;
    const bigSaves = ctx.quick ? 60 : 300;
    const lines = lineIdsOf(ctx.data, 2);
    const target = lineIdsOf(ctx.data, 3)[0]!;
    const before = await rawQuery<Record<string, unknown>>(
      ctx.raw,
      `select * from budget_monthly_data where budget_line_item_id = any($1::uuid[]) or budget_line_item_id = $2`,
      [lines, target],
    );
    const firstEntry = (
      await rawQuery<{ id: string }>(ctx.raw, `select coalesce(max(id), 0)::text as id from history_entries`)
    )[0]!.id;
    const pairs = lines.flatMap((lineId) => Array.from({ length: 12 }, (_, month) => ({ lineId, month })));
    try {
      ctx.log(`live-resume : ${bigSaves} enregistrements de 500 cellules`);
      for (let s = 0; s < bigSaves; s += 1) {
        const cells = Array.from({ length: 500 }, (_, k) => ({
          ...pairs[k % pairs.length]!,
          field: MEASURES[Math.floor(k / pairs.length) % MEASURES.length]!,
          value: 1000 + s + (k % 97),
        }));
        await api(ctx.baseUrl, 'PATCH', withYear('/api/cells'), cells);
      }
      let i = 0;
      const save = async () => {
        const start = performance.now();
        await api(ctx.baseUrl, 'PATCH', withYear('/api/cells'), [
          { lineId: target, month: 5, field: 'previsionnel', value: 3000 + ((i += 1) % 991) },
        ]);
        return performance.now() - start;
      };
      const block = async (runs: number) => {
        const times: number[] = [];
        for (let k = 0; k < runs; k += 1) times.push(await save());
        return times;
      };
      for (let k = 0; k < ctx.repeat.warmup; k += 1) await save();
      const BLOCKS = 4;
      const per = Math.ceil(ctx.repeat.runs / BLOCKS);
      const none: number[] = [];
      const resuming: number[] = [];
      for (let b = 0; b < BLOCKS; b += 1) {
        none.push(...(await block(per)));
        const stop = await childReaders(
          RESUMERS,
          [`${ctx.baseUrl}${withYear('/api/events')}`, String(STREAMS)],
          'flux en reprise',
        );
        resuming.push(...(await block(per)));
        await stop();
      }
      const figures: Figure[] = [
        ratioFigure(
          `save 1 cell while ${STREAMS} streams keep resuming from Last-Event-ID: 0 (p95)`,
          percentile(resuming, 95),
          'ms',
          { label: 'same save, no stream (p95)', value: percentile(none, 95) },
          1.5,
        ),
      ];
      return figures;
    } finally {
      // As found: the figures written, the history since.
      const columns = ['budget_line_item_id', 'month_index', ...MEASURES];
      await rawQuery(
        ctx.raw,
        `update budget_monthly_data d set previsionnel = v.p, achat_previsionnel = v.ap, reel = v.r, achat = v.a
           from unnest($1::uuid[], $2::int[], $3::numeric[], $4::numeric[], $5::numeric[], $6::numeric[])
                as v(line_id, month_index, p, ap, r, a)
          where d.budget_line_item_id = v.line_id and d.month_index = v.month_index`,
        columns.map((c) => before.map((r) => String(r[c]))),
      );
      await rawQuery(ctx.raw, `delete from history_entries where id > $1`, [firstEntry]);
    }
  },
} satisfies Bench;
