/**
 * Live updates between browsers (issue 15, docs/product.md#live-browser): the time from a figure
 * validated in browser A (Enter pressed in a cell) to the same cell painted, marked with A's
 * initials, in browser B — both Chromium pages on the same client. Targets: p95 ≤ 300 ms with both
 * on one server instance (PGlite), ≤ 500 ms with A on one instance and B on another, both on one
 * PostgreSQL (the instances wake each other with LISTEN/NOTIFY).
 *
 * How: A notes the epoch time (performance.timeOrigin + now, comparable across pages of one
 * machine) at the Enter keydown; B watches the grid for a `data-remote` mark appearing, then waits
 * for the frame that paints it (rAF, then setTimeout 0) and notes the epoch time. Each sample
 * writes a different cell, so each makes a new mark.
 *
 * Alone (builds the web app when its sources changed): npx tsx bench/live-latency.bench.ts [--quick]
 */
import { pathToFileURL } from 'node:url';
import type { Browser } from '@playwright/test';
import { startPostgres } from '../src/server/test/postgres-server';
import { launch, percentile, seedClient, startServer } from './typing-latency.bench';

const ONE_TARGET_MS = 300;
const TWO_TARGET_MS = 500;

export type LiveLatency = { p50: number; p95: number; samples: number };

const WATCH = `(() => {
  const w = window;
  w.__painted = [];
  new MutationObserver((records) => {
    if (!records.some((r) => r.target.getAttribute('data-remote'))) return;
    requestAnimationFrame(() => setTimeout(() => w.__painted.push(performance.timeOrigin + performance.now()), 0));
  }).observe(document.querySelector('[aria-label="Tableau budgétaire"]'), { subtree: true, attributes: true, attributeFilter: ['data-remote'] });
})()`;

const NOTE_ENTER = `(() => {
  const w = window;
  w.__sent = [];
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Enter') w.__sent.push(performance.timeOrigin + performance.now());
  }, true);
})()`;

async function openOn(browser: Browser, baseUrl: string, clientId: string) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'fr-FR' });
  const page = await context.newPage();
  await page.addInitScript((id) => window.localStorage.setItem('budget-marges.selected-client', id), clientId);
  await page.goto(baseUrl);
  const grid = page.getByRole('region', { name: 'Tableau budgétaire' });
  await grid.waitFor();
  return { page, grid };
}

/** A on `urlA`, B on `urlB` (the same server or two on one database): `samples` edits after `warmup`. */
export async function measureLiveLatency(
  urlA: string,
  urlB: string,
  { samples = 60, warmup = 5 }: { samples?: number; warmup?: number } = {},
): Promise<LiveLatency> {
  const clientId = await seedClient(urlA, 69);
  const browser = await launch();
  try {
    const a = await openOn(browser, urlA, clientId);
    const b = await openOn(browser, urlB, clientId);
    await a.page.evaluate(NOTE_ENTER);
    await b.page.evaluate(WATCH);
    // Let B's stream open before the first edit.
    await b.page.waitForTimeout(500);
    const inputs = a.grid.getByRole('textbox');
    const total = warmup + samples;
    for (let i = 0; i < total; i += 1) {
      // Forecast sales of successive months and lines: a new cell each time.
      await inputs.nth(i * 4).click();
      await a.page.keyboard.type(String(100 + i));
      await a.page.keyboard.press('Enter');
      await b.page.waitForFunction((n) => (window as unknown as { __painted: number[] }).__painted.length >= n, i + 1, {
        timeout: 10_000,
      });
    }
    const sent = await a.page.evaluate(() => (window as unknown as { __sent: number[] }).__sent);
    const painted = await b.page.evaluate(() => (window as unknown as { __painted: number[] }).__painted);
    const latencies = painted.map((t, i) => t - (sent[i] ?? Number.NaN)).slice(warmup);
    return { p50: percentile(latencies, 50), p95: percentile(latencies, 95), samples: latencies.length };
  } finally {
    await browser.close();
  }
}

/** Both browsers on one server instance (embedded PGlite). */
export async function oneInstance(options: { samples?: number; warmup?: number }): Promise<LiveLatency> {
  const server = await startServer();
  try {
    return await measureLiveLatency(server.baseUrl, server.baseUrl, options);
  } finally {
    await server.stop();
  }
}

/** A on one instance, B on another, both on one fresh PostgreSQL. */
export async function twoInstances(options: { samples?: number; warmup?: number }): Promise<LiveLatency> {
  const pg = await startPostgres();
  const url = new URL(pg.adminUrl);
  const one = await startServer({ DATABASE_URL: url.toString() });
  try {
    const two = await startServer({ DATABASE_URL: url.toString() });
    try {
      return await measureLiveLatency(one.baseUrl, two.baseUrl, options);
    } finally {
      await two.stop();
    }
  } finally {
    await one.stop();
    pg.stop();
  }
}

const figures = (label: string, r: LiveLatency, target: number) => [
  { figure: `edit in browser A → painted in browser B, ${label} (p50)`, value: r.p50, unit: 'ms' },
  {
    figure: `edit in browser A → painted in browser B, ${label} (p95)`,
    value: r.p95,
    unit: 'ms',
    target: { text: `≤ ${target} ms`, met: r.p95 <= target },
  },
];

/** For bench/run.ts: engine-independent (it starts its own servers). */
export default {
  name: 'live-latency',
  scope: 'once' as const,
  async run(ctx: { quick: boolean }) {
    const opts = ctx.quick ? { samples: 20, warmup: 3 } : {};
    return [
      ...figures('one instance', await oneInstance(opts), ONE_TARGET_MS),
      ...figures('two instances on one PostgreSQL', await twoInstances(opts), TWO_TARGET_MS),
    ];
  },
};

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const opts = process.argv.includes('--quick') ? { samples: 20, warmup: 3 } : {};
  const show = (label: string, r: LiveLatency, target: number) =>
    console.log(
      `${label}: edit in A → painted in B over ${r.samples} edits: p50 ${r.p50.toFixed(0)} ms, p95 ${r.p95.toFixed(0)} ms (target ≤ ${target} ms)`,
    );
  show('one instance (PGlite)', await oneInstance(opts), ONE_TARGET_MS);
  if (!process.argv.includes('--one')) show('two instances, one PostgreSQL', await twoInstances(opts), TWO_TARGET_MS);
}
