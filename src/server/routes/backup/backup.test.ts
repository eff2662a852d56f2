import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BackupWire as Backup, ClientWire as Client, PoleWire as Pole } from '@/domain/schemas';
import pg from 'pg';
import { createTestApp, TEST_DB } from '@/server/test/test-db';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.db.close());

const months = <T>(f: (m: number) => T): T[] => Array.from({ length: 12 }, (_, m) => f(m));
const ids = {
  a: '11111111-1111-4111-8111-111111111111',
  b: '22222222-2222-4222-8222-222222222222',
  p1: '33333333-3333-4333-8333-333333333333',
  p2: '44444444-4444-4444-8444-444444444444',
  l1: '55555555-5555-4555-8555-555555555555',
  l2: '66666666-6666-4666-8666-666666666666',
  l3: '77777777-7777-4777-8777-777777777777',
};

/** A backup in the original tool's shape (docs/product.md#file-json-backup): no version field. */
function originalBackup(): Backup {
  return {
    clients: [
      {
        id: ids.a,
        name: 'Zèbre & Cie',
        prevision_mb_annuelle_debut: 1000.5,
        prevision_mb_annuelle_revue: 0,
        created_at: '2025-01-02T10:00:00.000Z',
      },
      {
        id: ids.b,
        name: 'Alpha',
        prevision_mb_annuelle_debut: 0,
        prevision_mb_annuelle_revue: 0,
        created_at: '2025-03-04T10:00:00.000Z',
      },
    ],
    budgetData: {
      [ids.a]: [
        {
          id: ids.p1,
          name: 'SEO/GEO',
          isExpanded: false,
          facture: months((m) => m === 2),
          lines: [
            {
              id: ids.l2,
              name: 'Netlinking',
              previsionnel: months((m) => m * 100.1),
              achat_previsionnel: months(() => 0.01),
              reel: months((m) => (m < 3 ? 0.1 : 0)),
              achat: months(() => -2.5),
            },
            {
              id: ids.l1,
              name: 'SEO local',
              previsionnel: months(() => 0),
              achat_previsionnel: months(() => 0),
              reel: months(() => 0),
              achat: months(() => 0),
            },
          ],
        },
        {
          id: ids.p2,
          name: 'Pôle maison',
          isExpanded: true,
          facture: months(() => false),
          lines: [
            {
              id: ids.l3,
              name: 'Ligne',
              previsionnel: months(() => 1),
              achat_previsionnel: months(() => 0),
              reel: months(() => 0),
              achat: months(() => 0),
            },
          ],
        },
      ],
      [ids.b]: [],
    },
    exportDate: '2025-06-01T00:00:00.000Z',
  };
}

describe('backup API', () => {
  it('restores a backup of the original tool, keeping ids and the order of poles and lines', async () => {
    await t.request('POST', '/api/clients', { name: 'Remplacé' });
    const res = await t.request<{ clients: number }>('POST', '/api/backup', originalBackup());
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ clients: 2, historyId: expect.any(Number) });
    const clients = (await t.request<Client[]>('GET', '/api/clients')).json;
    expect(clients.map((c) => c.name)).toEqual(['Alpha', 'Zèbre & Cie']);
    const poles = (await t.request<Pole[]>('GET', `/api/clients/${ids.a}/budget`)).json;
    expect(poles.map((p) => p.id)).toEqual([ids.p1, ids.p2]);
    expect(poles[0]!.lines.map((l) => l.id)).toEqual([ids.l2, ids.l1]);
    expect(poles[0]!.facture[2]).toBe(true);
    expect(poles[0]!.isExpanded).toBe(false);
    expect(poles[0]!.lines[0]!.previsionnel[11]).toBe(1101.1);
    // Revised forecast recomputed, not copied: 3 × (0.1 + 2.5) + Σ_{m≥3} (100.1m − 0.01) + 12 × 1.
    const revue = clients.find((c) => c.id === ids.a)!.prevision_mb_annuelle_revue;
    // = 7.8 + 100.1 × 63 − 0.09 + 12
    expect(revue).toBe(6326.01);
  });

  it('round-trips its own export', async () => {
    const first = (await t.request<Backup>('GET', '/api/backup')).json;
    expect(first.version).toBe(2);
    const res = await t.request('POST', '/api/backup', first);
    expect(res.status).toBe(200);
    const second = (await t.request<Backup>('GET', '/api/backup')).json;
    expect({ ...second, exportDate: '' }).toEqual({ ...first, exportDate: '' });
  });

  it.each([
    ['a missing budgetData', (b: Backup) => ({ clients: b.clients }), 'budgetData'],
    [
      '11 monthly values',
      (b: Backup) => {
        b.budgetData[ids.a]![0]!.lines[0]!.reel.pop();
        return b;
      },
      'reel',
    ],
    [
      'a null amount',
      (b: Backup) => {
        (b.budgetData[ids.a]![0]!.lines[0]!.achat as unknown[])[4] = null;
        return b;
      },
      'achat',
    ],
    [
      'a duplicate line id',
      (b: Backup) => {
        b.budgetData[ids.a]![1]!.lines[0]!.id = ids.l1;
        return b;
      },
      'double',
    ],
    [
      'a budget of an unlisted client',
      (b: Backup) => {
        b.budgetData['99999999-9999-4999-8999-999999999999'] = [];
        return b;
      },
      'client absent',
    ],
    [
      'a duplicate client',
      (b: Backup) => {
        b.clients[1]!.id = ids.a;
        return b;
      },
      'double',
    ],
    [
      'a name PostgreSQL cannot store (NUL)',
      (b: Backup) => {
        b.budgetData[ids.a]![0]!.lines[1]!.name = 'a\u0000b';
        return b;
      },
      'NUL',
    ],
    [
      'a date PostgreSQL cannot store (year 0)',
      (b: Backup) => {
        b.clients[1]!.created_at = '0000-01-01T00:00:00.000Z';
        return b;
      },
      'created_at',
    ],
    ['a newer format version', (b: Backup) => ({ ...b, version: 3 }), 'version plus récente'],
    ['an infinite amount', (b: Backup) => JSON.stringify(b).replace('1000.5', '1e999'), 'prevision_mb_annuelle_debut'],
  ] satisfies [string, (b: Backup) => unknown, string][])(
    'refuses %s and changes nothing',
    async (_label, spoil, text) => {
      const before = (await t.request<Backup>('GET', '/api/backup')).json;
      const res = await t.request('POST', '/api/backup', spoil(originalBackup()));
      expect(res.status).toBe(400);
      expect(res.json.error.message).toContain(text);
      const after = (await t.request<Backup>('GET', '/api/backup')).json;
      expect({ ...after, exportDate: '' }).toEqual({ ...before, exportDate: '' });
    },
  );

  it('lists every client in GET /api/budget, with an empty list for a client without poles', async () => {
    const res = await t.request<{ clients: Client[]; budgetData: Record<string, Pole[]> }>('GET', '/api/budget');
    expect(res.status).toBe(200);
    expect(res.json.clients.map((c) => c.id)).toEqual([ids.a, ids.b]);
    expect(res.json.budgetData[ids.b]).toEqual([]);
    expect(res.json.budgetData[ids.a]).toHaveLength(2);
  });
});

describe('restore', () => {
  it('round-trips into an empty database: export, restore elsewhere, export again gives the same document', async () => {
    await t.request('POST', '/api/backup', originalBackup());
    const exported = (await t.request<Backup>('GET', '/api/backup')).json;
    const empty = await createTestApp();
    try {
      expect((await empty.request<Client[]>('GET', '/api/clients')).json).toEqual([]);
      const res = await empty.request('POST', '/api/backup', exported);
      expect(res.status).toBe(200);
      const again = (await empty.request<Backup>('GET', '/api/backup')).json;
      expect({ ...again, exportDate: '' }).toEqual({ ...exported, exportDate: '' });
      // Versions (ADR 049), comments and notifications (ADR 050), sign-off statuses (ADR 055) are part of version 2 (empty here).
      expect(Object.keys(again)).toEqual([
        'version',
        'clients',
        'years',
        'versions',
        'comments',
        'notifications',
        'signoffs',
        'exportDate',
      ]);
    } finally {
      await empty.db.close();
    }
  });

  it('leaves the previous data exactly as it was when the database fails halfway', async () => {
    await t.request('POST', '/api/backup', originalBackup());
    const before = (await t.request<Backup>('GET', '/api/backup')).json;
    // A backup whose clients, poles and lines are all new; the database refuses its last monthly
    // row, after everything else of the restore has been written.
    const next = originalBackup();
    const swap = (id: string) => id.replace(/^./, 'a');
    next.clients.forEach((c) => (c.id = swap(c.id)));
    next.budgetData = Object.fromEntries(
      Object.entries(next.budgetData).map(([clientId, poles]) => [
        swap(clientId),
        poles.map((p) => ({ ...p, id: swap(p.id), lines: p.lines.map((l) => ({ ...l, id: swap(l.id) })) })),
      ]),
    );
    const lastLine = swap(ids.l3);
    await t.db.exec(`
      create function fail_restore() returns trigger language plpgsql as $$
      begin raise exception 'panne simulée'; end $$;
      create trigger fail_restore before insert on budget_monthly_data for each row
        when (new.budget_line_item_id = '${lastLine}' and new.month_index = 11) execute function fail_restore();`);
    const logged: unknown[][] = [];
    const spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void logged.push(args));
    try {
      const res = await t.request('POST', '/api/backup', next);

      expect(res.status).toBe(500);
      expect(res.json).toEqual({
        error: { code: 'internal', message: 'Erreur interne du serveur. Réessayez plus tard.' },
      });
      // The statement and its code are logged, not the database's message (it may quote values).
      expect(String(logged[0]?.[0])).toMatch(
        /^POST \/api\/backup failed \([^)]*\): erreur SQL P0001 sur « insert into budget_monthly_data/,
      );
    } finally {
      spy.mockRestore();
      await t.db.exec('drop trigger fail_restore on budget_monthly_data; drop function fail_restore();');
    }
    const after = (await t.request<Backup>('GET', '/api/backup')).json;
    expect({ ...after, exportDate: '' }).toEqual({ ...before, exportDate: '' });
    const counts = await t.db.query<{ n: string }>('select count(*)::text as n from budget_monthly_data');
    expect(counts.rows[0]!.n).toBe('36'); // the 3 lines of the previous data, 12 months each
  });

  it('refuses a date that only JavaScript reads, and keeps an ISO one with an offset as its instant', async () => {
    const backup = originalBackup();
    // What String(new Date()) gives: read leniently it could shift (issue 19), so refused.
    backup.clients[0]!.created_at = 'Thu Jan 02 2025 11:00:00 GMT+0100 (heure normale d’Europe centrale)';
    expect((await t.request('POST', '/api/backup', backup)).status).toBe(400);
    // PostgreSQL's own text form, as a Supabase export writes it.
    backup.clients[0]!.created_at = '2025-01-02 11:00:00.123456+01';
    expect((await t.request('POST', '/api/backup', backup)).status).toBe(200);
    const clients = (await t.request<Client[]>('GET', '/api/clients')).json;
    expect(clients.find((c) => c.id === ids.a)!.created_at).toBe('2025-01-02T10:00:00.123Z');
  });
});

describe(`a restore whose upkeep fails after the commit, on ${TEST_DB}`, () => {
  it('answers 200 with the data replaced, and logs the upkeep failure', async () => {
    // Issue 19, item 6: the upkeep (vacuum) fails for real — its connection is ended by the
    // server while it waits for a lock another session holds — after the restore committed.
    const { db, request } = await createTestApp();
    const logged: string[] = [];
    const spy = vi
      .spyOn(console, 'error')
      .mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(' ')));
    try {
      if (db.native.kind === 'postgres') {
        const blocker = new pg.Client({ connectionString: db.native.pool.options.connectionString });
        await blocker.connect();
        try {
          await blocker.query('begin');
          await blocker.query('lock table budget_monthly_data in share update exclusive mode');
          const answer = request('POST', '/api/backup', originalBackup());
          let vacuum: number | undefined;
          for (let i = 0; i < 600 && vacuum === undefined; i += 1) {
            const { rows } = await blocker.query<{ pid: number }>(
              // The upkeep's session, waiting on our lock (its query column may still show an
              // earlier statement while a database-wide vacuum runs).
              `select pid from pg_stat_activity
                where datname = current_database() and pid <> pg_backend_pid() and wait_event_type = 'Lock'`,
            );
            vacuum = rows[0]?.pid;
            if (vacuum === undefined) await new Promise((r) => setTimeout(r, 50));
          }
          const { rows: activity } = await blocker.query(
            `select query, state, wait_event_type, wait_event from pg_stat_activity where datname = current_database()`,
          );
          expect(vacuum, JSON.stringify(activity)).toBeDefined();
          await blocker.query('select pg_terminate_backend($1)', [vacuum]);
          const res = await answer;
          expect(res.status).toBe(200);
        } finally {
          await blocker.query('rollback');
          await blocker.end();
        }
        expect(logged).toEqual([
          expect.stringMatching(/^Restauration faite, entretien ensuite impossible : erreur SQL 57P01/),
        ]);
      } else {
        // PGlite runs in this process: no other session can hold a lock. The upkeep runs and the
        // answer is the restore's.
        expect((await request('POST', '/api/backup', originalBackup())).status).toBe(200);
        expect(logged).toEqual([]);
      }
      const clients = (await request<Client[]>('GET', '/api/clients')).json;
      expect(clients.map((c) => c.name).sort()).toEqual(['Alpha', 'Zèbre & Cie']);
    } finally {
      spy.mockRestore();
      await db.close();
    }
  }, 60_000);
});
