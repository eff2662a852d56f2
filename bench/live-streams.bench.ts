/**
 * Live updates (ADR 034): saving one cell with 50 and with 200 open event streams against the
 * same save with none, in alternating blocks of the same run (≤ 1.2×); and a save's delay until
 * its event arrives on a stream (p50, p95; one instance — browser-to-browser paint is the web
 * bench's). The streams are read as a browser does (every byte taken, nothing parsed beyond it),
 * all but one by a child process, so that the figures carry the server's work and not the readers'.
 */
import {
  api,
  BENCH_YEAR,
  childReaders,
  lineIdsOf,
  median,
  percentile,
  ratioFigure,
  type Bench,
  type Figure,
  withYear,
} from './lib';

/** A value that changes on every run. */
const valueFor = (i: number) => 2000 + (i % 991) + (i % 100) / 100;

interface OpenStreams {
  /** Resolves with the time stream 0 received the event of entry `historyId`. */
  arrival(historyId: number): Promise<number>;
  close(): Promise<void>;
}

/**
 * The other readers, in a process of their own (as browsers are elsewhere): each stream read to
 * the last byte, nothing parsed. In this process they would bill their own HTTP client's work to
 * the server being measured. Prints `ready` once every stream has answered, ends when stdin closes.
 */
const READERS = `
const [url, count] = process.argv.slice(1);
const controller = new AbortController();
const loops = [];
let open = 0;
for (let k = 0; k < Number(count); k += 1) {
  loops.push((async () => {
    const res = await fetch(url, { signal: controller.signal });
    if (!res.ok) throw new Error('GET /api/events ' + res.status);
    const reader = res.body.getReader();
    if ((open += 1) === Number(count)) process.stdout.write('ready\\n');
    try { for (;;) { const { done } = await reader.read(); if (done) return; } } catch {}
  })());
}
process.stdin.on('end', () => { controller.abort(); Promise.allSettled(loops).then(() => process.exit(0)); });
process.stdin.resume();
`;

async function otherReaders(url: string, count: number): Promise<() => Promise<void>> {
  if (count === 0) return async () => {};
  return childReaders(READERS, [url, String(count)], 'lecteurs de flux');
}

/** Opens `count` streams of the bench year: stream 0 here (its arrival times), the others in a child process. */
async function openStreams(baseUrl: string, count: number, year = BENCH_YEAR): Promise<OpenStreams> {
  const url = `${baseUrl}${withYear('/api/events', year)}`;
  const controller = new AbortController();
  const arrived = new Map<number, number>();
  const waiting = new Map<number, (t: number) => void>();
  const res = await fetch(url, { signal: controller.signal });
  if (!res.ok || !res.body) throw new Error(`GET /api/events → ${res.status}`);
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  // Wrapped: an async function returning the loop's promise would wait for the loop's end.
  const loop = (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        const now = performance.now();
        for (const m of decoder.decode(value).matchAll(/"historyId":(\d+)/g)) {
          const id = Number(m[1]);
          arrived.set(id, now);
          waiting.get(id)?.(now);
        }
      }
    } catch {
      // aborted at close
    }
  })();
  const closeOthers = await otherReaders(url, count - 1);
  return {
    arrival: (historyId) =>
      new Promise((resolve) => {
        const at = arrived.get(historyId);
        if (at !== undefined) resolve(at);
        else waiting.set(historyId, resolve);
      }),
    async close() {
      controller.abort();
      await Promise.all([loop, closeOthers()]);
    },
  };
}

export default {
  name: 'live-streams',
  async run(ctx) {
    const lineId = lineIdsOf(ctx.data, 1)[0]!;
    const month = 4;
    let i = 0;
    const save = async () => {
      const start = performance.now();
      const { historyId } = await api<{ historyId: number }>(ctx.baseUrl, 'PATCH', withYear('/api/cells'), [
        { lineId, month, field: 'reel', value: valueFor((i += 1)) },
      ]);
      return { ms: performance.now() - start, historyId, start };
    };
    const block = async (runs: number) => {
      const times: number[] = [];
      for (let k = 0; k < runs; k += 1) times.push((await save()).ms);
      return times;
    };
    for (let k = 0; k < ctx.repeat.warmup; k += 1) await save();

    // Alternating blocks (none, N streams, none, N streams…): drift hits both alike.
    const BLOCKS = 4;
    const per = Math.ceil(ctx.repeat.runs / BLOCKS);
    const figures: Figure[] = [];
    // Streams that receive every save (the same year: the worst case, each save written to each),
    // and idle ones (the year before: open, heartbeats only — what a colleague's tab on another
    // year, or one with nothing to receive, costs a save).
    const cases = [
      { count: 50, year: BENCH_YEAR, what: 'open event streams, each receiving every save' },
      { count: 200, year: BENCH_YEAR, what: 'open event streams, each receiving every save' },
      { count: 200, year: BENCH_YEAR - 1, what: 'idle event streams (open on another year)' },
    ];
    for (const { count, year, what } of cases) {
      const none: number[] = [];
      const withStreams: number[] = [];
      for (let b = 0; b < BLOCKS; b += 1) {
        none.push(...(await block(per)));
        const streams = await openStreams(ctx.baseUrl, count, year);
        // Let the hub start and the streams settle before measuring.
        for (let k = 0; k < 5; k += 1) await save();
        withStreams.push(...(await block(per)));
        await streams.close();
      }
      ctx.log(
        `${count} flux (${year}) : p50 ${median(withStreams).toFixed(2)} ms contre ${median(none).toFixed(2)} ms sans`,
      );
      figures.push(
        ratioFigure(
          `save 1 cell with ${count} ${what} (p50)`,
          median(withStreams),
          'ms',
          { label: 'same save, no stream open', value: median(none) },
          1.2,
        ),
      );
      if (count === 200) {
        figures.push({
          figure: `save 1 cell with ${count} ${what} (p95)`,
          value: percentile(withStreams, 95),
          unit: 'ms',
          reference: { label: 'same save, no stream open (p95)', value: percentile(none, 95) },
        });
      }
    }

    // Save → its event read on a stream (50 open): the server's part of a remote edit's delay.
    const streams = await openStreams(ctx.baseUrl, 50);
    for (let k = 0; k < 5; k += 1) await save();
    const delays: number[] = [];
    const saves: number[] = [];
    for (let k = 0; k < ctx.repeat.warmup + ctx.repeat.runs; k += 1) {
      const { ms, start, historyId } = await save();
      const at = await streams.arrival(historyId);
      if (k >= ctx.repeat.warmup) {
        delays.push(at - start);
        saves.push(ms);
      }
    }
    await streams.close();
    figures.push(
      {
        figure: 'save → its event on another stream, 50 open (p50)',
        value: median(delays),
        unit: 'ms',
        reference: { label: 'the save alone (p50)', value: median(saves) },
      },
      {
        figure: 'save → its event on another stream, 50 open (p95)',
        value: percentile(delays, 95),
        unit: 'ms',
        target: { text: '≤ 300 ms (the paint budget, one instance)', met: percentile(delays, 95) <= 300 },
      },
    );
    // Leave the data as found.
    await api(ctx.baseUrl, 'PATCH', withYear('/api/cells', BENCH_YEAR), [
      { lineId, month, field: 'reel', value: ctx.data.budgetData[ctx.data.clients[1]!.id]![0]!.lines[0]!.reel[month]! },
    ]);
    return figures;
  },
} satisfies Bench;
