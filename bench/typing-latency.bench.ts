/**
 * Typing latency in the budget grid (issues 4 and 13): with one client holding the full catalogue
 * (10 poles, 69 lines, 3,312 inputs) or 300 lines (14,400 inputs), the time from a key press in a
 * cell to the DOM update and to the painted update of the 'TOTAL GÉNÉRAL' year cell, in Chromium.
 * Targets (issue 13): key press → DOM updated p95 ≤ 8 ms and every update painted in the next
 * frame. And the paste of a 300-line × 12-month block: one request, screen updated ≤ 100 ms.
 *
 * How: a capture keydown listener notes performance.now(); a MutationObserver on the year total
 * sees the new figure in the DOM, then requestAnimationFrame + setTimeout(0) waits for the frame
 * that paints it. Each measured keystroke types one digit into an empty cell (focused by Tab, so
 * the digit replaces its content and the total changes every time), as a user fills a row.
 *
 * Alone: npx tsx bench/typing-latency.bench.ts [--quick]
 * It builds the web app when its sources changed (as `npm start` does), starts the real server
 * (src/server/main.ts) on a temporary DATA_DIR and a free port, seeds the client through the HTTP
 * API and drives Debian's Chromium with Playwright.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from '@playwright/test';
import { POLE_CATALOGUE } from '../src/domain/catalogue';
import { gridViewStorageKey, type GridViewKind } from '../src/domain/grid-view';
import type { ClientWire as Client } from '../src/domain/schemas';
import { freePort } from '../src/server/test/postgres-server';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CLIENT_NAME = 'Bench Catalogue Complet';

export type TypingLatency = {
  /** Key press → painted total (ms), vsync wait included. */
  p50: number;
  p95: number;
  samples: number;
  /** Key press → DOM updated (ms): the work that must fit in the frame. */
  domP50: number;
  domP95: number;
  /** Share (0–1) of keystrokes whose update was in the first frame that started after the key press. */
  nextFrameShare: number;
};

/**
 * The in-page probe, as source text: tsx would wrap named functions of a callback in a helper
 * that does not exist in the page. Records, per digit typed: key time, key → DOM updated, key →
 * painted (rAF, then setTimeout 0 once the frame is done), and the start time of every frame.
 */
const INSTRUMENT = `(() => {
  const w = window;
  w.__latencies = []; w.__dom = []; w.__keys = []; w.__frames = []; w.__waiting = false;
  const tick = () => { w.__frames.push(performance.now()); requestAnimationFrame(tick); };
  requestAnimationFrame(tick);
  document.addEventListener('keydown', (e) => {
    if (!/^[0-9]$/.test(e.key)) return;
    w.__t0 = performance.now();
    w.__waiting = true;
  }, true);
  const total = document.querySelector('[data-testid="total-year"]');
  if (!total) throw new Error('total-year introuvable');
  new MutationObserver(() => {
    if (!w.__waiting) return;
    w.__waiting = false;
    const t0 = w.__t0;
    w.__keys.push(t0);
    w.__dom.push(performance.now() - t0);
    requestAnimationFrame(() => setTimeout(() => w.__latencies.push(performance.now() - t0), 0));
  }).observe(total, { subtree: true, childList: true, characterData: true });
})()`;

/** The p-th percentile (0–100, nearest rank). */
export function percentile(samples: readonly number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))] ?? Number.NaN;
}

let built = false;
/**
 * The web app the server serves (dist/web), built by `npm start`'s own check when absent or older
 * than its sources, once per process: a fresh clone has none, and a stale one would measure old code.
 */
function ensureBuilt(): void {
  if (built) return;
  const run = spawnSync(process.execPath, ['scripts/start.mjs', '--build-only'], { cwd: root, stdio: 'inherit' });
  if (run.status !== 0) throw new Error(`Construction de l'application impossible (code ${run.status}).`);
  built = true;
}

/**
 * The real server on a free port: on a temporary DATA_DIR, or on the database `extraEnv` names
 * (`DATABASE_URL`: several instances on one PostgreSQL, bench/live-latency.bench.ts).
 */
export async function startServer(
  extraEnv: NodeJS.ProcessEnv = {},
): Promise<{ baseUrl: string; stop: () => Promise<void> }> {
  ensureBuilt();
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bm-bench-typing-'));
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  Object.assign(env, extraEnv);
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env,
    stdio: 'ignore',
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  for (let i = 0; i < 300; i += 1) {
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return { baseUrl, stop };
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  await stop();
  throw new Error('Le serveur de bench ne répond pas.');
}

/** The lines beyond the catalogue's 69, in a pole of their own, so a client has `lines` lines. */
function extraLines(lines: number): string[] {
  const catalogue = POLE_CATALOGUE.reduce((n, p) => n + p.lines.length, 0);
  return Array.from({ length: Math.max(0, lines - catalogue) }, (_, i) => `Ligne de volume ${i + 1}`);
}

/** A client with the full catalogue and `lines` lines in all; its id. */
export async function seedClient(baseUrl: string, lines: number): Promise<string> {
  const client = await post<Client>(baseUrl, '/api/clients', { name: `${CLIENT_NAME} ${lines} ${Date.now()}` });
  for (const pole of POLE_CATALOGUE) {
    await post(baseUrl, `/api/clients/${client.id}/poles`, { name: pole.name, lines: [...pole.lines] });
  }
  const extra = extraLines(lines);
  if (extra.length > 0) await post(baseUrl, `/api/clients/${client.id}/poles`, { name: 'Volume', lines: extra });
  return client.id;
}

export async function launch() {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
}

async function post<T>(baseUrl: string, urlPath: string, body: unknown): Promise<T> {
  const res = await fetch(`${baseUrl}${urlPath}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`POST ${urlPath} → ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** A client of `lines` lines seeded, and a page opened straight on its grid (the tab remembers the selection). */
async function openSeededClient(
  browser: Awaited<ReturnType<typeof launch>>,
  baseUrl: string,
  lines: number,
  view: GridViewKind = 'month',
) {
  const clientId = await seedClient(baseUrl, lines);
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'fr-FR' });
  await page.addInitScript((id) => window.localStorage.setItem('budget-marges.selected-client', id), clientId);
  // docs/product.md#grid-views: the grid opens in the view remembered for the local user.
  const stored = { key: gridViewStorageKey(null), view: JSON.stringify({ kind: view, forecastOnly: false }) };
  await page.addInitScript(({ key, view }) => window.localStorage.setItem(key, view), stored);
  await page.goto(baseUrl);
  const grid = page.getByRole('region', { name: 'Tableau budgétaire' });
  await grid.waitFor();
  return { page, grid };
}

/**
 * Measures key press → painted total over `keystrokes` digits after `warmup` unmeasured ones, on a
 * client of `lines` lines (69: the catalogue). Starts its own server unless `baseUrl` (serving the
 * built web app) is given.
 */
export async function measureTypingLatency(
  options: { baseUrl?: string; keystrokes?: number; warmup?: number; lines?: number; view?: GridViewKind } = {},
): Promise<TypingLatency> {
  const { keystrokes = 200, warmup = 20, lines = 69, view = 'month' } = options;
  const server = options.baseUrl ? { baseUrl: options.baseUrl, stop: async () => {} } : await startServer();
  const browser = await launch();
  try {
    const { page, grid } = await openSeededClient(browser, server.baseUrl, lines, view);
    const inputs = await grid.getByRole('textbox').count();

    await page.evaluate(INSTRUMENT);

    // The first cell of the first line, then Tab from cell to cell along the grid.
    await grid.getByRole('textbox').first().focus();
    for (let i = 0; i < warmup + keystrokes; i += 1) {
      await page.keyboard.press(String((i % 9) + 1));
      await page.waitForFunction(
        (n) => (window as unknown as { __latencies: number[] }).__latencies.length >= n,
        i + 1,
      );
      await page.keyboard.press('Tab');
    }
    const all = await page.evaluate(() => (window as unknown as { __latencies: number[] }).__latencies);
    const measured = all.slice(warmup);
    const trace = await page.evaluate(() => {
      const w = window as unknown as { __dom: number[]; __keys: number[]; __frames: number[] };
      return { dom: w.__dom, keys: w.__keys, frames: w.__frames };
    });
    const dom = trace.dom.slice(warmup);
    // An update is "in the next frame" when the DOM was ready before the first frame after the key.
    const firstFrameAfter = (t: number) => trace.frames.find((f) => f >= t) ?? Number.POSITIVE_INFINITY;
    const inNextFrame = trace.keys
      .slice(warmup)
      .filter((t0, i) => t0 + (dom[i] ?? Number.POSITIVE_INFINITY) <= firstFrameAfter(t0)).length;
    console.log(`(${lines} lignes, vue ${view}, ${inputs} champs rendus)`);
    return {
      p50: percentile(measured, 50),
      p95: percentile(measured, 95),
      samples: measured.length,
      domP50: percentile(dom, 50),
      domP95: percentile(dom, 95),
      nextFrameShare: dom.length > 0 ? inNextFrame / dom.length : 0,
    };
  } finally {
    await browser.close();
    await server.stop();
  }
}

export type PasteSpeed = { requests: number; cells: number; domMs: number[]; paintedMs: number[] };

/**
 * The paste of a `lines` × 12 block (every line, January to December, forecast sales) into the
 * first cell, `runs` times with other figures each time: the requests it makes (one is the
 * target) and paste → total updated in the DOM, and → painted (rAF, then setTimeout 0).
 */
export async function measurePaste(
  options: { baseUrl?: string; lines?: number; runs?: number } = {},
): Promise<PasteSpeed> {
  const { lines = 300, runs = 5 } = options;
  const server = options.baseUrl ? { baseUrl: options.baseUrl, stop: async () => {} } : await startServer();
  const browser = await launch();
  try {
    const { page, grid } = await openSeededClient(browser, server.baseUrl, lines);
    let requests = 0;
    let cells = 0;
    page.on('request', (r) => {
      if (r.method() !== 'PATCH' || !/\/api\/cells/.test(r.url())) return;
      requests += 1;
      cells += (JSON.parse(r.postData() ?? '[]') as unknown[]).length;
    });
    const domMs: number[] = [];
    const paintedMs: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      const block = Array.from({ length: lines }, (_, l) =>
        Array.from({ length: 12 }, (_, m) => `${(run + 1) * 1000 + l * 12 + m},${run}5`).join('\t'),
      ).join('\r\n');
      await grid.getByRole('textbox').first().focus();
      const timing = await page.evaluate(
        (text) =>
          new Promise<{ dom: number; painted: number }>((resolve) => {
            const total = document.querySelector('[data-testid="total-year"]')!;
            const input = document.activeElement as HTMLInputElement;
            let t0 = 0;
            const observer = new MutationObserver(() => {
              observer.disconnect();
              const dom = performance.now() - t0;
              requestAnimationFrame(() => setTimeout(() => resolve({ dom, painted: performance.now() - t0 }), 0));
            });
            observer.observe(total, { subtree: true, childList: true, characterData: true });
            const data = new DataTransfer();
            data.setData('text/plain', text);
            t0 = performance.now();
            input.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
          }),
        block,
      );
      domMs.push(timing.dom);
      paintedMs.push(timing.painted);
      await page.waitForLoadState('networkidle');
    }
    return { requests: requests / runs, cells: cells / runs, domMs, paintedMs };
  } finally {
    await browser.close();
    await server.stop();
  }
}

const DOM_TARGET_MS = 8;
const PASTE_TARGET_MS = 100;

/** The figures of one grid size against issue 13's targets. */
function typingFigures(lines: number, r: TypingLatency) {
  return [
    { figure: `budget grid, key press → painted total, ${lines} lines (p50)`, value: r.p50, unit: 'ms' },
    { figure: `budget grid, key press → painted total, ${lines} lines (p95)`, value: r.p95, unit: 'ms' },
    {
      figure: `budget grid, key press → DOM updated, ${lines} lines (p95)`,
      value: r.domP95,
      unit: 'ms',
      target: { text: `≤ ${DOM_TARGET_MS} ms`, met: r.domP95 <= DOM_TARGET_MS },
    },
    {
      figure: `budget grid, updates painted in the next frame, ${lines} lines`,
      value: Math.round(r.nextFrameShare * 100),
      unit: '%',
      target: { text: '100 %', met: r.nextFrameShare === 1 },
    },
  ];
}

/** For bench/run.ts (issue 3's contract in bench/lib.ts): one engine-independent figure set. */
export default {
  name: 'typing-latency',
  scope: 'once' as const,
  async run(ctx: { quick: boolean }) {
    const opts = ctx.quick ? { keystrokes: 60, warmup: 10 } : {};
    const small = await measureTypingLatency({ ...opts, lines: 69 });
    const large = await measureTypingLatency({ ...opts, lines: 300 });
    const paste = await measurePaste({ lines: 300, runs: ctx.quick ? 2 : 5 });
    const pasteP = Math.max(...paste.paintedMs);
    return [
      ...typingFigures(69, small),
      ...typingFigures(300, large),
      {
        figure: 'paste of a 300-line × 12-month block: requests',
        value: paste.requests,
        unit: '',
        target: { text: '1', met: paste.requests === 1 },
      },
      {
        figure: 'paste of a 300-line × 12-month block: paste → screen updated (worst)',
        value: pasteP,
        unit: 'ms',
        target: { text: `≤ ${PASTE_TARGET_MS} ms`, met: pasteP <= PASTE_TARGET_MS },
      },
    ];
  },
};

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const quick = process.argv.includes('--quick');
  // --url=http://127.0.0.1:PORT: a server already running the built app (on a loaded machine the
  // bench's own server may not start within its wait).
  const baseUrl = process.argv.find((a) => a.startsWith('--url='))?.slice('--url='.length);
  // --view=measure: typing along the rows of 'Par mesure' (docs/product.md#grid-views).
  const view: GridViewKind = process.argv.includes('--view=measure') ? 'measure' : 'month';
  const opts = { ...(quick ? { keystrokes: 60, warmup: 10 } : {}), ...(baseUrl && { baseUrl }), view };
  for (const lines of [69, 300]) {
    const r = await measureTypingLatency({ ...opts, lines });
    console.log(
      [
        `typing latency over ${r.samples} keystrokes (${lines} lines, view ${view}):`,
        `  key press → painted total: p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms (vsync wait included)`,
        `  key press → DOM updated:   p50 ${r.domP50.toFixed(1)} ms, p95 ${r.domP95.toFixed(1)} ms (target ≤ ${DOM_TARGET_MS} ms)`,
        `  updates painted in the first frame after the key press: ${(r.nextFrameShare * 100).toFixed(0)} % (target 100 %)`,
      ].join('\n'),
    );
  }
  const paste = await measurePaste({ lines: 300, runs: quick ? 2 : 5, ...(baseUrl && { baseUrl }) });
  console.log(
    [
      `paste of a 300 × 12 block: ${paste.requests} request(s) per paste, ${paste.cells} cells each`,
      `  paste → total in the DOM: ${paste.domMs.map((v) => v.toFixed(0)).join(', ')} ms`,
      `  paste → painted: ${paste.paintedMs.map((v) => v.toFixed(0)).join(', ')} ms (target ≤ ${PASTE_TARGET_MS} ms)`,
    ].join('\n'),
  );
}
