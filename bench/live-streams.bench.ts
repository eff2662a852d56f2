/**
 * Live updates (ADR 034): saving one cell with 50 and with 200 open event streams against the
 * same save with none, in alternating blocks of the same run (≤ 1.2×); and a save's delay until
 * its event arrives on a stream (p50, p95; one instance — browser-to-browser paint is the web
 * bench's). The streams are read as a browser does (every byte taken, nothing parsed beyond it).
 */
import { api, BENCH_YEAR, lineIdsOf, median, percentile, ratioFigure, type Bench, type Figure, withYear } from './lib';

/** A value that changes on every run. */
const valueFor = (i: number) => 2000 + (i % 991) + (i % 100) / 100;

interface OpenStreams {
  /** Resolves with the time stream 0 received the event of entry `historyId`. */
  arrival(historyId: number): Promise<number>;
  close(): Promise<void>;
}

/** Opens `count` streams of the bench year and reads them until closed. */
async function openStreams(baseUrl: string, count: number): Promise<OpenStreams> {
  const controller = new AbortController();
  const arrived = new Map<number, number>();
  const waiting = new Map<number, (t: number) => void>();
  const readers = await Promise.all(
    Array.from({ length: count }, async (_, k) => {
      const res = await fetch(`${baseUrl}${withYear('/api/events')}`, { signal: controller.signal });
      if (!res.ok || !res.body) throw new Error(`GET /api/events → ${res.status}`);
      const reader = res.body.getReader();
      const decoder = new TextDecoder();
      // Wrapped: an async function returning the loop's promise would wait for the loop's end.
      const loop = (async () => {
        try {
          for (;;) {
            const { done, value } = await reader.read();
            if (done) return;
            if (k !== 0) continue;
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
      return { loop };
    }),
  );
  return {
    arrival: (historyId) =>
      new Promise((resolve) => {
        const at = arrived.get(historyId);
        if (at !== undefined) resolve(at);
        else waiting.set(historyId, resolve);
      }),
    async close() {
      controller.abort();
      await Promise.all(readers.map((r) => r.loop));
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
    for (const count of [50, 200]) {
      const none: number[] = [];
      const withStreams: number[] = [];
      for (let b = 0; b < BLOCKS; b += 1) {
        none.push(...(await block(per)));
        const streams = await openStreams(ctx.baseUrl, count);
        // Let the hub start and the streams settle before measuring.
        for (let k = 0; k < 5; k += 1) await save();
        withStreams.push(...(await block(per)));
        await streams.close();
      }
      ctx.log(`${count} flux : p50 ${median(withStreams).toFixed(2)} ms contre ${median(none).toFixed(2)} ms sans`);
      figures.push(
        ratioFigure(
          `save 1 cell with ${count} open event streams (p50)`,
          median(withStreams),
          'ms',
          { label: 'same save, no stream open', value: median(none) },
          1.2,
        ),
      );
      if (count === 200) {
        figures.push({
          figure: `save 1 cell with ${count} open event streams (p95)`,
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
