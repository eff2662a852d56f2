/**
 * Report rows 5a–5b: a write that fails because the server's disk is full, read-only or not its to
 * write answers in French what is wrong — 507 when full, 503 when it cannot write (ADR 040) — and
 * nothing of it is stored. The database is wrapped to fail one statement the way PostgreSQL (and
 * PGlite, which runs PostgreSQL) fails it, inside the real transaction, which then rolls back.
 */
import fs from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import type { BackupWire as Backup, ClientWire as Client, PoleWire as Pole } from '@/domain/schemas';
import type { Db, Queryable } from '@/server/db/client';
import { createTestApp, createTestDb, TEST_DB } from '@/server/test/test-db';

const FULL =
  'Enregistrement impossible : le disque du serveur est plein. Rien n’a été enregistré ; libérez de la place puis réessayez.';
const UNWRITABLE =
  'Enregistrement impossible : le serveur ne peut pas écrire dans son dossier de données (disque en lecture seule ou droits insuffisants). Rien n’a été enregistré ; prévenez la personne qui administre le serveur.';

/** An error shaped like the one PostgreSQL (node-postgres or PGlite) raises. */
function pgError(code: string, message: string): Error {
  return Object.assign(new Error(message), { name: 'error', code, severity: 'ERROR' });
}

/** `db` whose statements matching `failing` fail with `error`, inside transactions too (after the earlier ones ran). */
function failingOn(db: Db, failing: RegExp, error: () => Error): Db {
  const wrap = (q: Queryable): Queryable => ({
    query: (sql, params) => (failing.test(sql) ? Promise.reject(error()) : q.query(sql, params)),
    exec: (sql) => q.exec(sql),
  });
  return { ...db, ...wrap(db), transaction: (fn) => db.transaction((tx) => fn(wrap(tx))) };
}

/** The server's error log of this test, kept to check it (a storage failure is logged, as a fault). */
function captureErrors(): string[] {
  const logged: string[] = [];
  vi.mocked(console.error).mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(' ')));
  return logged;
}

describe(`a write on a full or unwritable disk on ${TEST_DB}`, () => {
  it('answers a cell save failing with disk_full (53100) with 507 and the French reason; the cell keeps its value', async () => {
    const db = await createTestDb();
    const { request } = await createTestApp(db);
    const client = (await request<Client>('POST', '/api/clients', { name: 'Plein' })).json;
    const pole = (await request<Pole>('POST', `/api/clients/${client.id}/poles`, { name: 'Paid', lines: ['Ads'] }))
      .json;
    const lineId = pole.lines[0]!.id;
    expect((await request('PATCH', '/api/cells', [{ lineId, month: 0, field: 'reel', value: 10 }])).status).toBe(200);

    // PostgreSQL's own words when its file cannot grow: the cells' update has run, the history's insert fails.
    const full = failingOn(db, /insert into history_cells/i, () =>
      pgError('53100', 'could not extend file "base/16384/16500": No space left on device'),
    );
    const logged = captureErrors();
    const res = await createTestApp(full).then((t) =>
      t.request('PATCH', '/api/cells', [{ lineId, month: 0, field: 'reel', value: 99 }]),
    );
    expect(res.status).toBe(507);
    expect(res.json).toEqual({ error: { code: 'storage', message: FULL } });
    expect(logged.join('\n')).toContain('erreur SQL 53100');

    const { rows } = await db.query<{ reel: string }>(
      'select reel::text from budget_monthly_data where budget_line_item_id = $1 and month_index = 0',
      [lineId],
    );
    expect(rows[0]!.reel).toBe('10.00');
    // The first save's history only.
    const history = await db.query('select 1 from history_cells where line_id = $1', [lineId]);
    expect(history.rows).toHaveLength(1);
    await db.close();
  });

  it('answers a restore whose backup beforehand hits a full disk (a real ENOSPC) with 507; nothing replaced', async () => {
    const db = await createTestDb();
    // /dev/full answers every write with ENOSPC: the kernel's own error, as a full DATA_DIR gives it.
    const { request } = await createTestApp(db, { beforeRestore: async () => fs.promises.writeFile('/dev/full', 'x') });
    await request('POST', '/api/clients', { name: 'Gardé' });
    const backup = (await request<Backup>('GET', '/api/backup')).json;
    const logged = captureErrors();
    const res = await request('POST', '/api/backup', { ...backup, clients: [] });
    expect(res.status).toBe(507);
    expect(res.json).toEqual({ error: { code: 'storage', message: FULL } });
    expect(logged.join('\n')).toContain('ENOSPC');
    expect((await request<Client[]>('GET', '/api/clients')).json.map((c) => c.name)).toEqual(['Gardé']);
    await db.close();
  });

  it.each([
    [
      'a file it may not write (42501 Permission denied): 503',
      'could not open file "base/16384/16400": Permission denied',
      { status: 503, json: { error: { code: 'storage', message: UNWRITABLE } } },
    ],
    [
      'a missing GRANT (42501 on a table, PostgreSQL): still the generic 500',
      'permission denied for table clients',
      {
        status: 500,
        json: { error: { code: 'internal', message: 'Erreur interne du serveur. Réessayez plus tard.' } },
      },
    ],
  ])('answers a client create failing on %s; no client, one log line', async (_name, message, expected) => {
    const db = await createTestDb();
    const { request } = await createTestApp(failingOn(db, /insert into clients/i, () => pgError('42501', message)));
    const logged = captureErrors();
    const res = await request('POST', '/api/clients', { name: 'Refusé' });
    expect({ status: res.status, json: res.json }).toEqual(expected);
    expect(logged).toHaveLength(1);
    expect((await db.query('select 1 from clients')).rows).toEqual([]);
    await db.close();
  });
});
