/**
 * The revised forecast (client_years.prevision_mb_annuelle_revue) kept by the database (migration
 * 0011, ADR 044): after every write path — cells, a paste past 64 rows, lines added, deleted,
 * moved, a line or a pole moved to another client, a pole deleted, a client deleted, an import, a
 * roll forward, a restore carrying forged values, undo and redo of these — every client's stored
 * figure of every year equals the domain's `revisedForecast` of its budget, and the SQL
 * recomputation. On PostgreSQL, two transactions saving one client's cells at once end exact.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revisedForecast } from '@/domain/budget';
import { polesFromWire } from '@/domain/codec';
import { centsToEuros } from '@/domain/money';
import type { AllYearsBackupWire, ClientWire as Client, PoleWire as Pole } from '@/domain/schemas';
import { TEST_DB, createTestApp } from '@/server/test/test-db';
import { dashboardSumsText } from '@/server/test/dashboard-sums';
import { REBUILD_DASHBOARD_SUMS } from './migrations';
import { revisedForecastOf } from './sql-fragments';

const Y = 2033;
const YEARS = [Y, Y + 1];

let t: Awaited<ReturnType<typeof createTestApp>>;
let acme: Client;
let zenith: Client;
let paid: Pole;
let seo: Pole;
beforeAll(async () => {
  t = await createTestApp();
  acme = (await t.request<Client>('POST', '/api/clients', { name: 'Prévision Acme' })).json;
  zenith = (await t.request<Client>('POST', '/api/clients', { name: 'Prévision Zénith' })).json;
  paid = (
    await t.request<Pole>('POST', `/api/clients/${acme.id}/poles?year=${Y}`, {
      name: 'Paid',
      lines: ['Search', 'Shopping', 'Social', 'Display', 'Vidéo', 'Audio'],
    })
  ).json;
  seo = (await t.request<Pole>('POST', `/api/clients/${zenith.id}/poles?year=${Y}`, { name: 'SEO', lines: ['Audit'] }))
    .json;
});
afterAll(() => t.db.close());

/** The stored revised forecast of a client's year, in euros (0 without a row). */
async function stored(clientId: string, year = Y): Promise<number> {
  const clients = (await t.request<Client[]>('GET', `/api/clients?year=${year}`)).json;
  return clients.find((c) => c.id === clientId)?.prevision_mb_annuelle_revue ?? 0;
}

/** Every client's stored figure of every year equals the domain's recomputation from its budget, and the SQL one. */
async function expectExact() {
  for (const year of YEARS) {
    const clients = (await t.request<Client[]>('GET', `/api/clients?year=${year}`)).json;
    for (const client of clients) {
      const poles = (await t.request<Pole[]>('GET', `/api/clients/${client.id}/budget?year=${year}`)).json;
      expect({ client: client.name, year, revue: client.prevision_mb_annuelle_revue }).toEqual({
        client: client.name,
        year,
        revue: centsToEuros(revisedForecast(polesFromWire(poles))),
      });
    }
  }
  const { rows } = await t.db.query<{ client_id: string; year: number }>(
    `select client_id, year from client_years cy
      where prevision_mb_annuelle_revue <> ${revisedForecastOf('cy.client_id', 'cy.year')}`,
  );
  expect(rows).toEqual([]);
}

const patch = (cells: { lineId: string; month: number; field: string; value: number }[], year = Y) =>
  t.request<{ historyId: number | null }>('PATCH', `/api/cells?year=${year}&source=saisie`, cells);
const undo = async (id: number) => {
  const res = await t.request<{ entry: { id: number } }>('POST', `/api/history/${id}/undo`);
  expect(res.status).toBe(200);
  return res.json.entry.id;
};
/** Undoes entry `id`, checks, redoes it (undoes the undo), checks. */
async function undoAndRedo(id: number, clientId: string, year = Y) {
  const done = await stored(clientId, year);
  const undone = await undo(id);
  await expectExact();
  const before = await stored(clientId, year);
  await undo(undone);
  await expectExact();
  expect(await stored(clientId, year)).toBe(done);
  return before;
}

describe('the revised forecast follows every write path', () => {
  it('one cell saved, undone, redone', async () => {
    const before = await stored(acme.id);
    const line = paid.lines[0]!.id;
    const res = await patch([{ lineId: line, month: 0, field: 'previsionnel', value: 1000.01 }]);
    expect(res.status).toBe(200);
    await expectExact();
    expect(await stored(acme.id)).toBe(1000.01);
    // Actual sales > 0: the month's actual margin replaces its forecast one.
    await patch([{ lineId: line, month: 0, field: 'reel', value: 0.01 }]);
    const achat = await patch([{ lineId: line, month: 0, field: 'achat', value: 250.5 }]);
    await expectExact();
    expect(await stored(acme.id)).toBe(-250.49);
    // Without the purchase, the month's actual margin is 0,01 €.
    expect(await undoAndRedo(achat.json.historyId!, acme.id)).toBe(0.01);
    expect(before).toBe(0);
  });

  it('a paste of 72 cells (past 64 rows: the EXECUTE branch), undone, redone', async () => {
    const cells = paid.lines.flatMap((l, i) =>
      Array.from({ length: 12 }, (_, m) => ({ lineId: l.id, month: m, field: 'reel', value: 10 * i + m + 0.37 })),
    );
    expect(cells.length).toBe(72);
    const before = await stored(acme.id);
    const res = await patch(cells);
    expect(res.status).toBe(200);
    await expectExact();
    expect(await stored(acme.id)).not.toBe(before);
    expect(await undoAndRedo(res.json.historyId!, acme.id)).toBe(before);
  });

  it('a line added, moved within its pole, deleted (undone, redone)', async () => {
    const added = await t.request<{ id: string }>('POST', `/api/poles/${paid.id}/lines?year=${Y}`, { name: 'Radio' });
    expect(added.status).toBe(201);
    await patch([{ lineId: added.json.id, month: 5, field: 'previsionnel', value: 77.7 }]);
    await expectExact();
    expect((await t.request('POST', `/api/lines/${added.json.id}/move?year=${Y}`, { direction: 'up' })).status).toBe(
      200,
    );
    await expectExact();
    const before = await stored(acme.id);
    const line = paid.lines[1]!.id;
    expect((await t.request('DELETE', `/api/lines/${line}?year=${Y}`)).status).toBe(204);
    await expectExact();
    expect(await stored(acme.id)).not.toBe(before);
    const [entry] = (await t.request<{ entries: { id: number }[] }>('GET', `/api/history?year=${Y}`)).json.entries;
    expect(await undoAndRedo(entry!.id, acme.id)).toBe(before);
  });

  it('a line, then a pole, moved to another client carry their figures (no route does it: the database does)', async () => {
    await patch([{ lineId: seo.lines[0]!.id, month: 3, field: 'previsionnel', value: 500 }]);
    const acmeBefore = await stored(acme.id);
    const zenithBefore = await stored(zenith.id);
    await t.db.query(`update budget_line_items set expertise_pole_id = $1 where id = $2`, [seo.id, paid.lines[2]!.id]);
    await expectExact();
    expect(await stored(acme.id)).not.toBe(acmeBefore);
    expect(await stored(zenith.id)).not.toBe(zenithBefore);
    await t.db.query(`update expertise_poles set client_id = $1 where id = $2`, [acme.id, seo.id]);
    await expectExact();
    expect(await stored(zenith.id)).toBe(0);
    await t.db.query(`update expertise_poles set client_id = $1 where id = $2`, [zenith.id, seo.id]);
    await expectExact();
  });

  it('a pole deleted while its client stays', async () => {
    const extra = (
      await t.request<Pole>('POST', `/api/clients/${zenith.id}/poles?year=${Y}`, { name: 'Data', lines: ['Tracking'] })
    ).json;
    await patch([{ lineId: extra.lines[0]!.id, month: 1, field: 'achat_previsionnel', value: 45.45 }]);
    const before = await stored(zenith.id);
    await t.db.query(`delete from expertise_poles where id = $1`, [extra.id]);
    await expectExact();
    expect(await stored(zenith.id)).not.toBe(before);
  });

  it('an import (a new pole and lines, cells), undone — its pole deleted — and redone', async () => {
    const before = await stored(zenith.id);
    const res = await t.request<{ historyId: number }>('POST', `/api/import?year=${Y}`, {
      lines: [{ clientId: zenith.id, pole: 'CRM', name: 'Emailing' }],
      cells: [
        { newLine: 0, month: 2, field: 'previsionnel', value: 1234.56 },
        { lineId: seo.lines[0]!.id, month: 4, field: 'reel', value: 99.99 },
      ],
    });
    expect(res.status).toBe(200);
    await expectExact();
    expect(await stored(zenith.id)).not.toBe(before);
    expect(await undoAndRedo(res.json.historyId, zenith.id)).toBe(before);
  });

  it('a roll forward into the next year, undone, redone', async () => {
    const res = await t.request<{ historyId: number }>('POST', `/api/years/${Y + 1}/rollforward`, {
      from: Y,
      clients: 'all',
      figures: 'revue',
      upliftSales: 3.33,
    });
    expect(res.status).toBe(200);
    await expectExact();
    expect(await stored(acme.id, Y + 1)).not.toBe(0);
    expect(await undoAndRedo(res.json.historyId, acme.id, Y + 1)).toBe(0);
  });

  it('a client deleted, undone, redone', async () => {
    const res = await t.request('DELETE', `/api/clients/${zenith.id}`);
    expect(res.status).toBe(204);
    await expectExact();
    const [entry] = (await t.request<{ entries: { id: number }[] }>('GET', `/api/history`)).json.entries;
    const undone = await undo(entry!.id);
    await expectExact();
    expect(await stored(zenith.id)).not.toBe(0);
    await undo(undone);
    await expectExact();
  });

  it('a restore carrying forged revised forecasts stores the recomputed ones; undone, redone', async () => {
    const backup = (await t.request<AllYearsBackupWire>('GET', '/api/backup')).json;
    const expected = await stored(acme.id);
    const forged = {
      ...backup,
      years: backup.years.map((y) => ({
        ...y,
        clients: y.clients.map((c) => ({ ...c, prevision_mb_annuelle_revue: 123456.78 })),
      })),
    };
    const res = await t.request<{ historyId: number }>('POST', '/api/backup', forged);
    expect(res.status).toBe(200);
    await expectExact();
    expect(await stored(acme.id)).toBe(expected);
    await undoAndRedo(res.json.historyId, acme.id);
  });
});

describe('upserts, which fire both statement triggers (one with an empty transition table)', () => {
  /** Both maintained tables' rows, as text (the dashboard sums 0011 also re-declares the trigger of). */
  const sums = (q: Pick<typeof t.db, 'query'> = t.db) => dashboardSumsText(q);
  /** The figures exact, and the dashboard sums equal to their recomputation (in a rolled-back transaction). */
  async function expectAllExact() {
    await expectExact();
    const maintained = await sums();
    await t.db
      .transaction(async (tx) => {
        await tx.exec(REBUILD_DASHBOARD_SUMS);
        expect(await sums(tx)).toBe(maintained);
        throw new Error('rollback');
      })
      .catch((err: unknown) => expect(String(err)).toContain('rollback'));
  }
  /** One INSERT … ON CONFLICT DO UPDATE of the given (line, month, previsionnel) rows, as the cells bench's raw upsert. */
  const upsert = (rows: (readonly [string, number, string])[]) =>
    t.db.query(
      `insert into budget_monthly_data (budget_line_item_id, month_index, previsionnel, year)
       select u.l, u.m, u.v, $4 from unnest($1::uuid[], $2::smallint[], $3::numeric[]) as u(l, m, v)
       on conflict (budget_line_item_id, month_index) do update set previsionnel = excluded.previsionnel`,
      [rows.map((r) => r[0]), rows.map((r) => r[1]), rows.map((r) => r[2]), Y],
    );

  it('one updating a month, one inserting a month, 64 rows (the kept plan) and 65 (EXECUTE), inserts and updates mixed', async () => {
    const client = (await t.request<Client>('POST', '/api/clients', { name: 'Prévision Upsert' })).json;
    const pole = (
      await t.request<Pole>('POST', `/api/clients/${client.id}/poles?year=${Y}`, {
        name: 'Upsert',
        lines: ['A', 'B', 'C', 'D', 'E', 'F'],
      })
    ).json;
    const months = pole.lines.flatMap((l) => Array.from({ length: 12 }, (_, m) => [l.id, m] as const));
    // Updates a month: the insert trigger's new_rows is empty.
    await upsert([[pole.lines[0]!.id, 3, '123.45']]);
    await expectAllExact();
    expect(await stored(client.id)).toBe(123.45);
    // Inserts a month (a line created without its months): the update trigger's tables are empty.
    const { rows } = await t.db.query<{ id: string }>(
      `insert into budget_line_items (expertise_pole_id, name, year) values ($1, 'Sans mois', $2) returning id`,
      [pole.id, Y],
    );
    const bare = rows[0]!.id;
    await upsert([[bare, 5, '10.01']]);
    await expectAllExact();
    expect(await stored(client.id)).toBe(133.46);
    // 64 rows updated (the static query's last size), then 65 (EXECUTE).
    await upsert(months.slice(0, 64).map(([l, m]) => [l, m, '1.01']));
    await expectAllExact();
    await upsert(months.slice(0, 65).map(([l, m]) => [l, m, '2.02']));
    await expectAllExact();
    // 11 months inserted and 61 updated in one statement.
    await upsert([
      ...Array.from({ length: 12 }, (_, m) => [bare, m, '3.03'] as const),
      ...months.slice(0, 60).map(([l, m]) => [l, m, '4.04'] as const),
    ]);
    await expectAllExact();
    expect(await stored(client.id)).toBe(Math.round((12 * 3.03 + 60 * 4.04 + 5 * 2.02 + 7 * 0) * 100) / 100);
  });
});

describe('only the database writes the figure', () => {
  it('refuses a direct write of it, and a client year inserted with a forged one gets the recomputed one', async () => {
    await expect(
      t.db.query(`update client_years set prevision_mb_annuelle_revue = 1 where client_id = $1`, [acme.id]),
    ).rejects.toThrow(/calculée par la base/);
    const expected = await stored(acme.id);
    expect(expected).not.toBe(0);
    await t.db.transaction(async (tx) => {
      await tx.query(`delete from client_years where client_id = $1 and year = $2`, [acme.id, Y]);
      await tx.query(
        `insert into client_years (client_id, year, prevision_mb_annuelle_revue) values ($1, $2, 999999.99)`,
        [acme.id, Y],
      );
    });
    expect(await stored(acme.id)).toBe(expected);
    await expectExact();
  });
});

// PGlite runs one transaction at a time: there is nothing concurrent to see (not declared there).
if (TEST_DB === 'postgres') {
  describe('two saves of one client at once (PostgreSQL)', () => {
    it('end exact: the second waits on the client’s client_years row, then adds to the committed figure', async () => {
      // Two lines of two poles, two months: the saves share no dashboard row (whose lock would
      // serialise them first), only the client's year. And no client lock taken here, unlike the
      // routes: the triggers alone must keep the figure.
      const data = (
        await t.request<Pole>('POST', `/api/clients/${acme.id}/poles?year=${Y}`, { name: 'Data', lines: ['Tracking'] })
      ).json;
      const [a, b] = [paid.lines[0]!.id, data.lines[0]!.id];
      const write = `update budget_monthly_data set reel = $2, achat = $3 where budget_line_item_id = $1 and month_index = $4`;
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let wrote!: () => void;
      const firstWrote = new Promise<void>((resolve) => (wrote = resolve));
      const first = t.db.transaction(async (tx) => {
        await tx.query(write, [a, 321.09, 21.09, 6]);
        wrote();
        await held;
      });
      await firstWrote;
      const second = t.db.transaction(async (tx) => {
        await tx.query(write, [b, 654.32, 54.32, 7]);
      });
      await lockWaiter();
      release();
      await Promise.all([first, second]);
      await expectExact();
    });
  });
}

/** Resolves once a session of this database waits for a lock (polls pg_stat_activity; 10 s at most). */
async function lockWaiter() {
  for (let i = 0; i < 500; i += 1) {
    const { rows } = await t.db.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`,
    );
    if (rows[0]!.n > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the second save never waited for the first');
}
