/**
 * Alerts (docs/product.md#alerts, ADR 053), on both engines: the admin's thresholds (validated,
 * admin only); purchases over forecast and a margin rate below forecast firing once when a cell
 * save crosses them, following the figures, clearing by themselves; a month not closed and no
 * accounting import by day N, cleared by the closing; scope; and the daily run done once across
 * two instances on one database (an advisory lock, then the day's record).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlertSettingsAnswer, AlertsAnswer, NotificationsAnswer } from '@/domain/answers';
import { openPostgres, type Db } from '@/server/db/client';
import { createLive } from '@/server/live/hub';
import { noMailer } from '@/server/mail/mailer';
import { addRoleUsers, clientWithLine, createAccountsTestApp, type RoleUser } from '@/server/test/test-accounts';
import { createAlerts, DAILY_LOCK_KEY } from './alerts-service';

const Y = 2035;
const q = `?year=${Y}`;
/** The alerts' clock: 10 March of Y, 8:00 (January and February past their day-5 deadlines). */
const clock = new Date(Y, 2, 10, 8);
let t: Awaited<ReturnType<typeof createAccountsTestApp>>;
let users: RoleUser[] = [];
const user = (email: string) => users.find((u) => u.email === email)!;
const admin = () => user('admin@agence.fr');
const as = (u: RoleUser, method: string, path: string, body?: unknown) =>
  t.call(method, path, { cookie: u.cookie, body });
const OFF = { purchasesOverForecast: null, marginRateBelow: null, closeByDay: null, importByDay: null };

beforeAll(async () => {
  t = await createAccountsTestApp({ now: () => clock });
  users = await addRoleUsers(t, 100);
});
afterAll(async () => {
  await t.live.close();
  await t.db.close();
});

const fixture = () => clientWithLine(t, admin().cookie, Y);
const save = async (lineId: string, month: number, field: string, value: number) => {
  const res = await as(admin(), 'PATCH', `/api/cells${q}`, [{ lineId, month, field, value }]);
  expect(res.status).toBe(200);
};
const alertsOf = async (u: RoleUser, clientId?: string) =>
  ((await as(u, 'GET', `/api/alerts${q}`)).json as AlertsAnswer).filter((a) => !clientId || a.clientId === clientId);
const alertNotes = async (u: RoleUser, clientId: string) =>
  ((await as(u, 'GET', '/api/notifications')).json as NotificationsAnswer).items.filter(
    (n) => n.kind === 'alert' && n.clientId === clientId,
  );
const settle = (body: unknown) => as(admin(), 'PUT', '/api/alerts/settings', body);

describe('settings', () => {
  it('are off by default, admin only, validated in French', async () => {
    expect((await as(admin(), 'GET', '/api/alerts/settings')).json).toEqual(OFF);
    const byEditor = await as(user('editeur@agence.fr'), 'PUT', '/api/alerts/settings', OFF);
    expect(byEditor.status).toBe(403);
    expect((await as(user('lecteur@agence.fr'), 'GET', '/api/alerts/settings')).status).toBe(403);
    for (const [body, message] of [
      [{ ...OFF, closeByDay: 29 }, 'closeByDay doit valoir au plus 28 (un jour que chaque mois a).'],
      [{ ...OFF, purchasesOverForecast: { percent: -1, euros: 10 } }, 'percent ne peut pas être négatif.'],
      [{ ...OFF, marginRateBelow: {} }, 'points doit être un nombre (points de taux de marge).'],
      [{ closeByDay: 3 }, 'purchasesOverForecast doit être {percent, euros} ou null.'],
    ] as const) {
      const res = await settle(body);
      expect(res.status).toBe(400);
      expect(res.text).toContain(message);
    }
    expect((await as(admin(), 'GET', '/api/alerts/settings')).json).toEqual(OFF);
    const on: AlertSettingsAnswer = { ...OFF, purchasesOverForecast: { percent: 10, euros: 50.5 } };
    expect((await settle(on)).json).toEqual(on);
    expect((await as(admin(), 'GET', '/api/alerts/settings')).json).toEqual(on);
  });
});

describe('figures', () => {
  it('fires purchases over forecast once when crossed, follows the figures, clears by itself', async () => {
    await settle({ ...OFF, purchasesOverForecast: { percent: 10, euros: 50 } });
    const f = await fixture();
    await save(f.lineId, 2, 'achat_previsionnel', 1000);
    // 80 € over: more than 50 € but not more than 10 %.
    await save(f.lineId, 2, 'achat', 1080);
    expect(await alertsOf(admin(), f.client.id)).toEqual([]);

    await save(f.lineId, 2, 'achat', 1200);
    const [alert] = await alertsOf(admin(), f.client.id);
    expect(alert).toEqual({
      kind: 'purchasesOverForecast',
      clientId: f.client.id,
      clientName: f.client.name,
      poleId: expect.any(String),
      pole: 'Paid',
      month: 2,
      year: Y,
      since: expect.any(String),
      value: 1200,
      threshold: 1100,
      text: expect.stringContaining(`Achats au-dessus de la prévision — ${f.client.name}, Paid, Mars ${Y}`),
    });
    // Told once to each user who sees the client at the level « Tout »; never to the assigned editor.
    for (const email of ['admin@agence.fr', 'editeur@agence.fr', 'lecteur@agence.fr']) {
      expect(await alertNotes(user(email), f.client.id), email).toHaveLength(1);
    }
    expect(await alertNotes(user('editeur.a@agence.fr'), f.client.id)).toEqual([]);
    expect(await alertsOf(user('editeur.a@agence.fr'), f.client.id)).toEqual([]);

    // Still crossed: the same alert with its new figures, no second notification.
    await save(f.lineId, 2, 'achat', 1300);
    expect(await alertsOf(admin(), f.client.id)).toMatchObject([{ value: 1300, since: alert!.since }]);
    expect(await alertNotes(admin(), f.client.id)).toHaveLength(1);

    // Back under the threshold: cleared, silently; crossed again: told again.
    await save(f.lineId, 2, 'achat', 1000);
    expect(await alertsOf(admin(), f.client.id)).toEqual([]);
    expect(await alertNotes(admin(), f.client.id)).toHaveLength(1);
    await save(f.lineId, 2, 'achat', 1500);
    expect(await alertsOf(admin(), f.client.id)).toHaveLength(1);
    expect(await alertNotes(admin(), f.client.id)).toHaveLength(2);
  });

  it('respects the level: « Réponses et mentions » is not told of alerts', async () => {
    await settle({ ...OFF, purchasesOverForecast: { percent: 0, euros: 0 } });
    await as(user('lecteur@agence.fr'), 'PUT', '/api/notifications/settings', { level: 'mentions' });
    const f = await fixture();
    await save(f.lineId, 0, 'achat', 10);
    expect(await alertsOf(user('lecteur@agence.fr'), f.client.id)).toHaveLength(1);
    expect(await alertNotes(user('lecteur@agence.fr'), f.client.id)).toEqual([]);
    expect(await alertNotes(user('editeur@agence.fr'), f.client.id)).toHaveLength(1);
    await as(user('lecteur@agence.fr'), 'PUT', '/api/notifications/settings', { level: 'all' });
  });

  it('fires a margin rate below forecast à date, and clears it', async () => {
    await settle({ ...OFF, marginRateBelow: { points: 5 } });
    const f = await fixture();
    // Forecast: 40 % in January and February; the actuals reach January only.
    for (const month of [0, 1]) {
      await save(f.lineId, month, 'previsionnel', 10000);
      await save(f.lineId, month, 'achat_previsionnel', 6000);
    }
    await save(f.lineId, 0, 'reel', 10000);
    await save(f.lineId, 0, 'achat', 6600);
    // 34 % against a limit of 35 %.
    expect(await alertsOf(admin(), f.client.id)).toMatchObject([
      { kind: 'marginRateBelow', month: 0, value: 34, threshold: 35, pole: null },
    ]);
    await save(f.lineId, 0, 'achat', 6400);
    expect(await alertsOf(admin(), f.client.id)).toEqual([]);
  });

  it('clears a client’s alerts when its thresholds are turned off', async () => {
    await settle({ ...OFF, purchasesOverForecast: { percent: 0, euros: 0 } });
    const f = await fixture();
    await save(f.lineId, 5, 'achat', 10);
    expect(await alertsOf(admin(), f.client.id)).toHaveLength(1);
    await settle(OFF);
    expect(await alertsOf(admin(), f.client.id)).toEqual([]);
  });

  it('fires from figures saved while no figure threshold was on, once one is turned on', async () => {
    await settle(OFF);
    const f = await fixture();
    await save(f.lineId, 3, 'achat', 10);
    // Only the agency's thresholds on: a save's evaluation reads no figures (ADR 063) and fires none.
    await settle({ ...OFF, closeByDay: 5 });
    await save(f.lineId, 3, 'achat', 20);
    expect(await alertsOf(admin(), f.client.id)).toEqual([]);
    // The thresholds' own evaluation reads every client's figures of the year.
    await settle({ ...OFF, purchasesOverForecast: { percent: 0, euros: 0 } });
    expect(await alertsOf(admin(), f.client.id)).toMatchObject([
      { kind: 'purchasesOverForecast', month: 3, value: 20, threshold: 0 },
    ]);
    await settle(OFF);
  });
});

describe('the agency’s months and the daily run', () => {
  it('fires a month not closed and no import by day N, to admins; the closing clears one', async () => {
    await fixture();
    await settle({ ...OFF, closeByDay: 5, importByDay: 5 });
    const agency = async (u: RoleUser) => (await alertsOf(u)).filter((a) => a.clientId === null);
    expect((await agency(admin())).map((a) => [a.kind, a.month, a.value, a.threshold])).toEqual([
      ['closeLate', 0, 33, 5],
      ['importLate', 0, 33, 5],
      ['importLate', 1, 5, 5],
    ]);
    expect(await agency(user('editeur@agence.fr'))).toEqual([]);
    const told = ((await as(admin(), 'GET', '/api/notifications')).json as NotificationsAnswer).items.filter(
      (n) => n.kind === 'alert' && n.clientId === null,
    );
    expect(told.map((n) => n.text)).toContain(
      `Mois non clôturé — Janvier ${Y} n'est pas clôturé (limite : le 5 du mois suivant)`,
    );

    expect((await as(admin(), 'POST', `/api/years/${Y}/months/0/close`, {})).status).toBe(200);
    expect((await agency(admin())).map((a) => `${a.kind} ${a.month}`)).toEqual([
      'closeLate 1',
      'importLate 0',
      'importLate 1',
    ]);

    // An accounting import covering January, seen by the next day's run.
    await t.db.query(
      `insert into accounting_imports (year, actor, file_sha256, lines, written_months, months)
       values ($1, 'admin@agence.fr', 'x', 1, '{}', '{"covered": {"first": 0, "last": 0}, "months": []}')`,
      [Y],
    );
    expect(await t.alerts.runDaily(new Date(Y, 2, 11, 8))).toBe('ran');
    expect((await agency(admin())).map((a) => `${a.kind} ${a.month}`)).toEqual(['closeLate 1', 'importLate 1']);
    await settle(OFF);
    expect(await agency(admin())).toEqual([]);
  });

  it('runs the day’s job once across two instances on one database', async () => {
    await settle({ ...OFF, closeByDay: 5 });
    const other: Db =
      t.db.native.kind === 'postgres' ? await openPostgres(String(t.db.native.pool.options.connectionString)) : t.db;
    const live = createLive(other);
    const second = createAlerts({ db: other, live, mail: noMailer() });
    try {
      const day = new Date(Y, 3, 20, 7, 5);
      const outcomes = await Promise.all([t.alerts.runDaily(day), second.runDaily(day)]);
      expect(outcomes.filter((o) => o === 'ran')).toHaveLength(1);
      expect(outcomes.filter((o) => o !== 'ran')[0]).toMatch(/^(busy|done)$/);
      expect(await second.runDaily(new Date(Y, 3, 20, 9))).toBe('done');
      const { rows } = await t.db.query<{ n: number }>(`select count(*)::int as n from daily_runs where day = $1`, [
        `${Y}-04-20`,
      ]);
      expect(rows[0]!.n).toBe(1);

      if (t.db.native.kind === 'postgres') {
        // Another instance in the middle of its run holds the lock: this one goes on.
        const holder = await t.db.native.pool.connect();
        try {
          await holder.query('begin');
          await holder.query('select pg_advisory_xact_lock($1::bigint)', [DAILY_LOCK_KEY]);
          expect(await second.runDaily(new Date(Y, 3, 21, 8))).toBe('busy');
          await holder.query('rollback');
        } finally {
          holder.release();
        }
        expect(await second.runDaily(new Date(Y, 3, 21, 8))).toBe('ran');
      }
    } finally {
      await live.close();
      if (other !== t.db) await other.close();
      await settle(OFF);
    }
  });
});
