/**
 * Issue 19, item 1: PostgreSQL stopped under editing load, then started again. The server process
 * must stay up, answer 503 with a French message while the database is away (and say so on
 * /api/health), and save again by itself once PostgreSQL is back. A PostgreSQL of its own (the
 * shared one of the suite cannot be stopped), so it runs in the PostgreSQL project only; PGlite
 * runs inside the server's process and has no outage of this kind.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, startPostgres, type PostgresServer } from '../test/postgres-server';
import { startServer, stopServers, waitForHealth } from '../test/server-process';
import { createTestApp } from '../test/test-db';
import { TEST_DB } from '../test/test-env';

const CLIENT = '11111111-0000-4000-8000-000000000001';
const LINE = '33333333-0000-4000-8000-000000000001';
const zeros = () => Array.from({ length: 12 }, () => 0);
const backup = {
  clients: [
    {
      id: CLIENT,
      name: 'Panne',
      prevision_mb_annuelle_debut: 0,
      prevision_mb_annuelle_revue: 0,
      created_at: '2026-01-01',
    },
  ],
  budgetData: {
    [CLIENT]: [
      {
        id: '22222222-0000-4000-8000-000000000001',
        name: 'Paid',
        lines: [
          { id: LINE, name: 'Ads', previsionnel: zeros(), achat_previsionnel: zeros(), reel: zeros(), achat: zeros() },
        ],
      },
    ],
  },
};

const json = (method: string, body: unknown): RequestInit => ({
  method,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

let pgServer: PostgresServer | undefined;
afterAll(async () => {
  await stopServers();
  pgServer?.stop();
});

describe(`/api/health on ${TEST_DB}`, () => {
  it('asks the database: ok while it answers, 503 with a French message once it cannot', async () => {
    const { db, request } = await createTestApp();
    expect(await request('GET', '/api/health')).toMatchObject({ status: 200, json: { status: 'ok' } });
    await db.close();
    const down = await request('GET', '/api/health');
    expect(down.status).toBe(503);
    expect(down.json).toMatchObject({ status: 'unavailable', database: 'unreachable' });
    expect((down.json as unknown as { message: string }).message).toMatch(/^La base de données est injoignable/);
  });
});

if (TEST_DB === 'postgres') {
  describe('a PostgreSQL outage under load', () => {
    it('answers 503 meanwhile, never exits, and saves again once PostgreSQL is back', async () => {
      const pgs = (pgServer = await startPostgres());
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const server = startServer({ PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: pgs.adminUrl });
      await waitForHealth(base, server);
      expect((await fetch(`${base}/api/backup?year=2026`, json('POST', backup))).status).toBe(200);

      // Eight editors saving cells as fast as they can, each answer kept.
      const answers: { status: number; body: string; phase: string }[] = [];
      let phase = 'before';
      let running = true;
      let value = 0;
      const editor = async (month: number) => {
        while (running) {
          value += 1;
          try {
            const res = await fetch(
              `${base}/api/cells?year=2026`,
              json('PATCH', [{ lineId: LINE, month, field: 'reel', value }]),
            );
            answers.push({ status: res.status, body: await res.text(), phase });
          } catch (err) {
            answers.push({ status: 0, body: String(err), phase });
          }
        }
      };
      const editors = Array.from({ length: 8 }, (_, m) => editor(m));
      const until = async (check: () => Promise<boolean>) => {
        for (let i = 0; i < 300; i += 1) {
          if (await check()) return;
          await new Promise((r) => setTimeout(r, 100));
        }
        throw new Error(`condition never met:\n${server.output()}`);
      };

      for (const mode of ['fast', 'immediate'] as const) {
        await until(async () => answers.filter((a) => a.phase === 'before' && a.status === 200).length > 20);
        phase = `down-${mode}`;
        pgs.halt(mode);
        await until(async () => answers.filter((a) => a.phase === phase && a.status === 503).length > 10);
        const health = await fetch(`${base}/api/health`);
        expect(health.status).toBe(503);
        expect(await health.json()).toMatchObject({ status: 'unavailable', database: 'unreachable' });
        expect(server.child.exitCode, server.output()).toBeNull();

        phase = 'back';
        pgs.resume();
        await until(async () => answers.filter((a) => a.phase === 'back' && a.status === 200).length > 20);
        expect((await fetch(`${base}/api/health`)).status).toBe(200);
        phase = 'before';
      }
      running = false;
      await Promise.all(editors);

      expect(server.child.exitCode, server.output()).toBeNull();
      const down = answers.filter((a) => a.phase.startsWith('down'));
      // While PostgreSQL is away: 200 (a save that finished before), 503 — never a 500 or a reset.
      expect(down.filter((a) => a.status !== 200 && a.status !== 503)).toEqual([]);
      const unavailable = down.find((a) => a.status === 503)!;
      expect(JSON.parse(unavailable.body)).toEqual({
        error: {
          code: 'unavailable',
          message: 'La base de données est momentanément injoignable. Réessayez dans quelques instants.',
        },
      });
      // One more save after the outages: the value lands.
      const last = await fetch(
        `${base}/api/cells?year=2026`,
        json('PATCH', [{ lineId: LINE, month: 11, field: 'achat', value: 4242.42 }]),
      );
      expect(last.status).toBe(200);
      const budget = (await (await fetch(`${base}/api/budget?year=2026`)).json()) as {
        budgetData: Record<string, { lines: { achat: number[] }[] }[]>;
      };
      expect(budget.budgetData[CLIENT]![0]!.lines[0]!.achat[11]).toBe(4242.42);
      // The log names the error code, not the values saved. The value as any body or SQL parameter
      // would carry it: '4242' alone turns up by chance in a request id (hex) or a timing — seen
      // once in stop 25's run (the server logs one random id per request, hundreds in this test).
      expect(server.output()).not.toContain('4242.42');
    }, 180_000);
  });
}
