import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientWire as Client, PoleWire as Pole } from '@/domain/schemas';
import type { YearSummary } from '@/domain/answers';
import { createEmptyTestDb, createTestApp } from '../test/test-db';
import { migrate, type Db } from './client';
import { MIGRATIONS } from './migrations';

// A database of the first release: its migrations, and data written as its SQL wrote it.
const CLIENT = '11111111-1111-4111-8111-111111111111';
const POLE = '22222222-2222-4222-8222-222222222222';
const LINE = '33333333-3333-4333-8333-333333333333';
const OTHER = '44444444-4444-4444-8444-444444444444';
const THIS_YEAR = 2031;

let db: Db;
/** The client's revised forecast as migration 0003 moved it, read before 0011 recomputes it. */
let movedCache: string;
beforeAll(async () => {
  db = await createEmptyTestDb();
  expect(await migrate(db, { upTo: '0002_auth' })).toEqual(['0001_init', '0002_auth']);
  await db.exec(`
    insert into clients (id, name, prevision_mb_annuelle_debut, prevision_mb_annuelle_revue, created_at)
      values ('${CLIENT}', 'Ancien', 1500.25, 0, '2025-02-03T04:05:06Z'), ('${OTHER}', 'Sans pôle', 42, 0, now());
    insert into expertise_poles (id, client_id, name, is_expanded, facture)
      values ('${POLE}', '${CLIENT}', 'Paid', false, '{t,f,f,f,f,f,f,f,f,f,f,t}');
    insert into budget_line_items (id, expertise_pole_id, name) values ('${LINE}', '${POLE}', 'Meta Ads');
    insert into budget_monthly_data (budget_line_item_id, month_index, previsionnel, achat_previsionnel, reel, achat)
      select '${LINE}', m, 100.10 * (m + 1), 0.01, case when m < 2 then 90 else 0 end, 30.5 from generate_series(0, 11) m;
    update clients c set prevision_mb_annuelle_revue = 777 where id = '${CLIENT}';`);
  // Applied at start as the server does, with the year the server reads from its clock; stopped
  // once before 0011 to read the revised forecast 0003 moved.
  const from = (id: string) => MIGRATIONS.findIndex((m) => m.id === id);
  expect(await migrate(db, { currentYear: THIS_YEAR, upTo: '0010_trigger_plans_by_size' })).toEqual(
    MIGRATIONS.slice(from('0003_years'), from('0011_revised_forecast_triggers')).map((m) => m.id),
  );
  const { rows } = await db.query<{ revue: string }>(
    `select prevision_mb_annuelle_revue::text as revue from client_years where client_id = $1`,
    [CLIENT],
  );
  movedCache = rows[0]!.revue;
  expect(await migrate(db, { currentYear: THIS_YEAR })).toEqual(
    MIGRATIONS.slice(from('0011_revised_forecast_triggers')).map((m) => m.id),
  );
});
afterAll(() => db.close());

describe('migration of a first-release database to budget years', () => {
  it('makes every figure, invoiced month and forecast the current year’s, without loss', async () => {
    const t = await createTestApp(db);
    const [client, other] = (await t.request<Client[]>('GET', `/api/clients?year=${THIS_YEAR}`)).json;
    expect(client).toMatchObject({ id: CLIENT, name: 'Ancien', prevision_mb_annuelle_debut: 1500.25 });
    expect(client!.created_at).toBe('2025-02-03T04:05:06.000Z');
    // 0003 moved the cache as it was (777); 0011 recomputed it from the figures (ADR 044):
    // 2 × (90 − 30.5) + Σ_{m=2..11} (100.10 × (m + 1) − 0.01) = 119 + 7 507.50 − 0.10.
    expect(movedCache).toBe('777.00');
    expect(client!.prevision_mb_annuelle_revue).toBe(7626.4);
    expect(other).toMatchObject({ id: OTHER, prevision_mb_annuelle_debut: 42 });

    const [pole] = (await t.request<Pole[]>('GET', `/api/clients/${CLIENT}/budget?year=${THIS_YEAR}`)).json;
    expect(pole).toMatchObject({ id: POLE, name: 'Paid', isExpanded: false });
    expect(pole!.facture).toEqual([true, false, false, false, false, false, false, false, false, false, false, true]);
    const line = pole!.lines[0]!;
    expect(line.id).toBe(LINE);
    expect(line.previsionnel).toEqual(Array.from({ length: 12 }, (_, m) => Math.round(10010 * (m + 1)) / 100));
    expect(line.reel.slice(0, 3)).toEqual([90, 90, 0]);
    expect(line.achat.every((v) => v === 30.5)).toBe(true);

    expect((await t.request<YearSummary[]>('GET', '/api/years')).json).toEqual([{ year: THIS_YEAR, clients: 1 }]);
    expect((await t.request<Pole[]>('GET', `/api/clients/${CLIENT}/budget?year=${THIS_YEAR - 1}`)).json).toEqual([]);
    const previous = (await t.request<Client[]>('GET', `/api/clients?year=${THIS_YEAR - 1}`)).json;
    expect(previous.map((c) => c.prevision_mb_annuelle_debut)).toEqual([0, 0]);
  });

  it('ties each line and month to its pole’s year: the database refuses a line in another year', async () => {
    await expect(
      db.query(`insert into budget_line_items (expertise_pole_id, year, name) values ($1, $2, 'Ailleurs')`, [
        POLE,
        THIS_YEAR + 1,
      ]),
    ).rejects.toThrow();
  });

  it('is applied once: a second start applies nothing', async () => {
    expect(await migrate(db, { currentYear: THIS_YEAR + 5 })).toEqual([]);
  });
});
