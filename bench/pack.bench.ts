/**
 * The management pack (issue 32, docs/product.md#management-pack): GET /api/dashboard/pack.pdf of
 * every client against GET /api/dashboard of the same selection (the sums it renders), measured
 * in turn in the same run. Target: the PDF within 5 s at 300 clients.
 */
import { type Bench, type BenchContext, type Figure, median, samplePair, withYear } from './lib';

/** The target, in ms. */
const MAX_PACK_MS = 5000;

async function fetchBody(ctx: BenchContext, path: string): Promise<number> {
  const res = await fetch(`${ctx.baseUrl}${path}`);
  if (!res.ok) throw new Error(`${path} : ${res.status}`);
  return (await res.arrayBuffer()).byteLength;
}

const bench: Bench = {
  name: 'pack',
  async run(ctx) {
    const query = 'clients=all';
    let bytes = 0;
    const [pdf, json] = await samplePair(
      async () => (bytes = await fetchBody(ctx, withYear(`/api/dashboard/pack.pdf?${query}`))),
      () => fetchBody(ctx, withYear(`/api/dashboard?${query}`)),
      ctx.quick ? { warmup: 1, runs: 3 } : ctx.repeat,
    );
    const p50 = median(pdf);
    const figures: Figure[] = [
      {
        figure: `management pack PDF of ${ctx.data.clients.length} clients, GET /api/dashboard/pack.pdf (p50)`,
        value: p50,
        unit: 'ms',
        reference: { label: 'GET /api/dashboard, same selection (p50)', value: median(json) },
        target: { text: `≤ ${MAX_PACK_MS} ms`, met: p50 <= MAX_PACK_MS },
      },
      { figure: 'management pack PDF size', value: Math.round(bytes / 1024), unit: 'kB' },
    ];
    return figures;
  },
};

export default bench;
