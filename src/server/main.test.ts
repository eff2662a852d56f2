/**
 * The server as a process, the way `npm start` runs it: it listens, applies migrations, serves
 * the API; on the embedded database a second server on the same DATA_DIR refuses to start.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { MEASURES } from '@/domain/measures';
import { freshPostgresUrl } from './test/fresh-postgres';
import { TEST_DB } from './test/test-db';
import { freePort } from './test/postgres-server';
import { startServer, stopServers, waitForHealth } from './test/server-process';

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  await stopServers();
  for (const clean of cleanups) await clean();
});

describe(`the server process on ${TEST_DB}`, () => {
  it('starts, answers health and keeps data', async () => {
    const port = await freePort();
    const env: Record<string, string> = { PORT: String(port), HOST: '127.0.0.1' };
    let dataDir = '';
    if (TEST_DB === 'postgres') {
      env.DATABASE_URL = await freshPostgresUrl('main');
    } else {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bm-main-'));
      cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
      env.DATA_DIR = dataDir;
    }
    const first = startServer(env);
    const base = `http://127.0.0.1:${port}`;
    expect(await waitForHealth(base, first)).toEqual({ status: 'ok' });
    const created = await fetch(`${base}/api/clients`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Processus' }),
    });
    expect(created.status).toBe(201);

    if (TEST_DB === 'pglite') {
      // A second server on the same DATA_DIR (another port) must refuse, and the first keep working.
      const second = startServer({ ...env, PORT: String(await freePort()) });
      expect(await second.exited).toBe(1);
      expect(second.output()).toContain('est déjà utilisé par un autre serveur');
    }
    const list = await fetch(`${base}/api/clients`);
    expect(((await list.json()) as { name: string }[]).map((c) => c.name)).toEqual(['Processus']);
  }, 120_000); // process starts (tsx, PGlite, migrations): slow on a busy machine, not a speed test
});

describe('the two modes as processes', () => {
  it('refuses to listen on a network address without accounts, and says how to enable them', async () => {
    const refused = startServer({ PORT: String(await freePort()), HOST: '0.0.0.0', AUTH: 'off' });
    expect(await refused.exited).toBe(1);
    expect(refused.output()).toContain('HOST=0.0.0.0 rend le serveur accessible depuis le réseau');
    expect(refused.output()).toContain('AUTH=on');
    expect(refused.output()).toContain('npm run user:create -- ');
  }, 120_000);

  it(`starts in accounts mode on ${TEST_DB}, with the generated secret readable by its owner only`, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bm-main-auth-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const port = await freePort();
    const server = startServer({
      PORT: String(port),
      HOST: '127.0.0.1',
      AUTH: 'on',
      AUTH_SECRET: '',
      DATA_DIR: dataDir,
    });
    const base = `http://127.0.0.1:${port}`;
    expect(await waitForHealth(base, server)).toEqual({ status: 'ok' });
    expect((await fetch(`${base}/api/clients`)).status).toBe(401);
    expect(await (await fetch(`${base}/api/session`)).json()).toEqual({ mode: 'accounts', user: null });
    expect(fs.statSync(path.join(dataDir, 'auth-secret')).mode & 0o777).toBe(0o600);
    expect(server.output()).toContain('comptes utilisateurs (AUTH=on)');
    expect(server.output()).toContain('Aucun compte : arrêtez le serveur et créez le premier');
  }, 120_000); // a process start on a new data directory: slow on a busy machine, not a speed test
});

/** A server on a free port and a new database of the project's engine (removed at the end); once healthy. */
async function startOnFreshDatabase(name: string) {
  const port = await freePort();
  const env: Record<string, string> = { PORT: String(port), HOST: '127.0.0.1' };
  if (TEST_DB === 'postgres') env.DATABASE_URL = await freshPostgresUrl(name);
  else {
    env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), `bm-${name}-`));
    cleanups.push(() => fs.rmSync(env.DATA_DIR!, { recursive: true, force: true }));
  }
  const base = `http://127.0.0.1:${port}`;
  const server = startServer(env);
  await waitForHealth(base, server);
  return { base, env, server };
}

/** A one-year backup of `n` clients, each with two poles of three lines and a forecast in every month. */
function backupOf(n: number) {
  const id = (kind: number, i: number) => `${String(kind).repeat(8)}-0000-4000-8000-${String(i).padStart(12, '0')}`;
  const clients = Array.from({ length: n }, (_, i) => ({
    id: id(1, i),
    name: `Client ${i}`,
    prevision_mb_annuelle_debut: 0,
    prevision_mb_annuelle_revue: 0,
    created_at: '2026-01-01T00:00:00.000Z',
  }));
  let line = 0;
  const budgetData = Object.fromEntries(
    clients.map((c, i) => [
      c.id,
      [0, 1].map((p) => ({
        id: id(2, i * 2 + p),
        name: p === 0 ? 'Paid' : 'SEO/GEO',
        isExpanded: true,
        facture: Array.from({ length: 12 }, () => false),
        lines: [0, 1, 2].map((l) => ({
          id: id(3, (line += 1)),
          name: `Ligne ${l}`,
          ...Object.fromEntries(MEASURES.map((m) => [m, Array.from({ length: 12 }, () => 100 + l)])),
        })),
      })),
    ]),
  );
  return { clients, budgetData };
}

describe(`a roll forward killed halfway on ${TEST_DB}`, () => {
  const FROM = 2030;
  const TO = 2031;
  const post = (base: string, route: string, body: unknown) =>
    fetch(`${base}${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const rollForward = { from: FROM, clients: 'all', figures: 'previsionnel', upliftSales: 5 };

  it('leaves the target year as it was', async () => {
    const { base, env, server } = await startOnFreshDatabase('kill');
    const backup = backupOf(TEST_DB === 'postgres' ? 5 : 150);
    expect((await post(base, `/api/backup?year=${FROM}`, backup)).status).toBe(200);

    let answered = false;
    if (TEST_DB === 'postgres') {
      // Deterministic: hold a lock on a row the roll forward's last statement updates (a client's
      // year fields in TO), so it stops there with every pole, line and figure of TO written but
      // not committed; then kill the server.
      const client = backup.clients[4]!.id;
      const patched = await fetch(`${base}/api/clients/${client}?year=${TO}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ prevision_mb_annuelle_debut: 1 }),
      });
      expect(patched.status).toBe(200);
      const blocker = new pg.Client({ connectionString: env.DATABASE_URL });
      await blocker.connect();
      try {
        await blocker.query('begin');
        await blocker.query('select 1 from client_years where client_id = $1 and year = $2 for update', [client, TO]);
        void post(base, `/api/years/${TO}/rollforward`, rollForward).then(
          () => (answered = true),
          () => undefined,
        );
        for (let i = 0; i < 200; i += 1) {
          const { rows } = await blocker.query<{ n: number }>(
            `select count(*)::int as n from pg_stat_activity
              where datname = current_database() and wait_event_type = 'Lock' and query like 'update client_years%'`,
          );
          if (rows[0]!.n > 0) break;
          await new Promise((r) => setTimeout(r, 50));
        }
        const { rows: written } = await blocker.query<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
        );
        expect(written[0]!.n, 'the roll forward waits on the held row').toBe(1);
        server.child.kill('SIGKILL');
        await server.exited;
      } finally {
        await blocker.query('rollback');
        await blocker.end();
      }
    } else {
      // PGlite runs in the server's process: kill it while the roll forward of 150 clients runs.
      void post(base, `/api/years/${TO}/rollforward`, rollForward).then(
        () => (answered = true),
        () => undefined,
      );
      await new Promise((r) => setTimeout(r, 150));
      server.child.kill('SIGKILL');
      await server.exited;
    }

    const again = startServer(env);
    await waitForHealth(base, again);
    const years = (await (await fetch(`${base}/api/years`)).json()) as { year: number; clients: number }[];
    if (answered) {
      // It committed before the kill (a fast machine): then all of it, never a part.
      expect(years).toEqual([
        { year: FROM, clients: backup.clients.length },
        { year: TO, clients: backup.clients.length },
      ]);
    } else {
      expect(years.filter((y) => y.year === TO && y.clients > 0)).toEqual([]);
      const budget = await (await fetch(`${base}/api/budget?year=${TO}`)).json();
      expect(Object.values((budget as { budgetData: Record<string, unknown[]> }).budgetData).flat()).toEqual([]);
    }
  }, 120_000);
});

describe(`a stop (SIGTERM) during a 5,000-cell save on ${TEST_DB}`, () => {
  const YEAR = 2030;
  const VALUE = 7.77;

  it('finds it fully saved or not at all, and the next start needs no cleanup', async () => {
    const { base, env, server } = await startOnFreshDatabase('stop');
    // 18 clients of 6 lines: 108 lines × 12 months × 4 measures = 5,184 cells; the save takes 5,000.
    const backup = backupOf(18);
    const restored = await fetch(`${base}/api/backup?year=${YEAR}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(backup),
    });
    expect(restored.status).toBe(200);
    const lineIds = Object.values(backup.budgetData).flatMap((poles) => poles.flatMap((p) => p.lines.map((l) => l.id)));
    const cells = lineIds
      .flatMap((lineId) =>
        MEASURES.flatMap((field) => Array.from({ length: 12 }, (_, month) => ({ lineId, month, field }))),
      )
      .slice(0, 5000)
      .map((cell) => ({ ...cell, value: VALUE }));
    const save = () =>
      fetch(`${base}/api/cells?year=${YEAR}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(cells),
      }).then(
        (res) => res.status,
        () => 'cut' as const,
      );

    let answer: Promise<number | 'cut'>;
    if (TEST_DB === 'postgres') {
      // Deterministic: a lock on the monthly figures holds the save inside its transaction; the
      // stop comes then, and the save must still finish once the lock goes.
      const blocker = new pg.Client({ connectionString: env.DATABASE_URL });
      await blocker.connect();
      try {
        await blocker.query('begin');
        await blocker.query('lock table budget_monthly_data in exclusive mode');
        answer = save();
        for (let i = 0; i < 200; i += 1) {
          const { rows } = await blocker.query<{ n: number }>(
            `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
          );
          if (rows[0]!.n > 0) break;
          await new Promise((r) => setTimeout(r, 50));
        }
        server.child.kill('SIGTERM');
        await new Promise((r) => setTimeout(r, 500));
        expect(server.child.exitCode, 'the server waits for the save in flight').toBeNull();
      } finally {
        await blocker.query('rollback');
        await blocker.end();
      }
      expect(await answer).toBe(200);
    } else {
      // PGlite runs in the server's process: stop it while the save is sent and runs.
      answer = save();
      await new Promise((r) => setTimeout(r, 100));
      server.child.kill('SIGTERM');
    }
    expect(await server.exited, server.output()).toBe(0);
    expect(server.output()).toContain('Serveur arrêté.');
    const status = await answer;

    const again = startServer(env);
    await waitForHealth(base, again);
    const budget = (await (await fetch(`${base}/api/budget?year=${YEAR}`)).json()) as {
      budgetData: Record<string, { lines: Record<string, unknown>[] }[]>;
    };
    const saved = new Map(
      Object.values(budget.budgetData)
        .flat()
        .flatMap((p) => p.lines)
        .map((l) => [l.id as string, l]),
    );
    const written = cells.filter((c) => (saved.get(c.lineId)![c.field] as number[])[c.month] === VALUE).length;
    // All or nothing; and an answered save is a saved one.
    expect([0, cells.length]).toContain(written);
    if (status === 200) expect(written).toBe(cells.length);
  }, 120_000);
});

describe(`a stop (SIGTERM) with live event streams open on ${TEST_DB}`, () => {
  it('ends the streams first: the stop is not held until its 10 s grace, and the readers see their stream end', async () => {
    const { base, server } = await startOnFreshDatabase('stop_streams');
    const streams = await Promise.all(Array.from({ length: 3 }, () => fetch(`${base}/api/events?year=2030`)));
    const ends = streams.map(async (res) => {
      expect(res.status).toBe(200);
      const reader = res.body!.getReader();
      // Ended by the server: its last chunk, or its connection closed once the process exits.
      try {
        for (;;) if ((await reader.read()).done) return 'ended';
      } catch {
        return 'ended';
      }
    });
    // One stream whose reader never reads: it must not hold the stop either.
    const stalled = await fetch(`${base}/api/events?year=2030`);
    expect(stalled.status).toBe(200);
    stalled.body!.getReader().closed.catch(() => undefined);
    server.child.kill('SIGTERM');
    expect(await server.exited, server.output()).toBe(0);
    expect(await Promise.all(ends)).toEqual(['ended', 'ended', 'ended']);
    expect(server.output()).toContain('Serveur arrêté.');
    expect(server.output()).not.toContain('Requêtes encore en cours');
  }, 120_000);
});
