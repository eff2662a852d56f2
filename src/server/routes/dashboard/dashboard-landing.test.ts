/**
 * The landing view (docs/product.md#landing-view): GET /api/dashboard/landing gives per client and
 * pole the months' MB as the year lands — actual up to the cut-off, forecast after — beside the
 * reference version (or the one asked for) and the gap, to the cent; its TOTAL is the dashboard's
 * « MB Réelle à date » plus its forecast MB after the cut-off. Bad queries: 400/404 in French.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedVersionAnswer, DashboardAnswer, LandingViewAnswer } from '@/domain/answers';
import type { ClientWire as Client, PoleWire as Pole } from '@/domain/schemas';
import { createTestApp, UNKNOWN_ID } from '@/server/test/test-db';

const Y = 2033;

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.db.close());

const landing = (query: string, year = Y) =>
  t.request<LandingViewAnswer>('GET', `/api/dashboard/landing?year=${year}${query ? `&${query}` : ''}`);
const message = (res: { json: unknown }) => (res.json as { error: { message: string } }).error.message;
const setCell = async (lineId: string, month: number, field: string, value: number) =>
  expect((await t.request('PATCH', `/api/cells?year=${Y}`, [{ lineId, month, field, value }])).status).toBe(200);
const twelve = (f: (month: number) => number) => Array.from({ length: 12 }, (_, m) => f(m));

describe('GET /api/dashboard/landing', () => {
  let a: Client;
  let b: Client;
  let data: Pole;
  let initial: CreatedVersionAnswer;
  beforeAll(async () => {
    a = (await t.request<Client>('POST', `/api/clients?year=${Y}`, { name: 'Alpha' })).json;
    b = (await t.request<Client>('POST', `/api/clients?year=${Y}`, { name: 'Bêta' })).json;
    const paidA = (
      await t.request<Pole>('POST', `/api/clients/${a.id}/poles?year=${Y}`, { name: 'Paid', lines: ['S', 'T'] })
    ).json;
    data = (await t.request<Pole>('POST', `/api/clients/${a.id}/poles?year=${Y}`, { name: 'Data', lines: ['D'] })).json;
    const paidB = (
      await t.request<Pole>('POST', `/api/clients/${b.id}/poles?year=${Y}`, { name: 'Paid', lines: ['S'] })
    ).json;
    const [s, tLine] = paidA.lines as [Pole['lines'][number], Pole['lines'][number]];
    // Alpha · Paid: 1 000,10 € of forecast sales and 400,05 € of purchases each month over two
    // lines; actuals in January to March (the default cut-off: March, the last actual month).
    await t.request(
      'PATCH',
      `/api/cells?year=${Y}`,
      twelve((m) => m).flatMap((month) => [
        { lineId: s.id, month, field: 'previsionnel', value: 600.1 },
        { lineId: tLine.id, month, field: 'previsionnel', value: 400 },
        { lineId: s.id, month, field: 'achat_previsionnel', value: 400.05 },
      ]),
    );
    await setCell(s.id, 0, 'reel', 900.01);
    await setCell(s.id, 0, 'achat', 300);
    await setCell(tLine.id, 1, 'reel', 1100);
    await setCell(s.id, 2, 'reel', 50);
    await setCell(s.id, 2, 'achat', 80.5);
    // Alpha · Data: 100 € in June, deleted after the freeze.
    await setCell(data.lines[0]!.id, 5, 'previsionnel', 100);
    // Bêta · Paid: a forecast in December only.
    await setCell(paidB.lines[0]!.id, 11, 'previsionnel', 70.25);
    initial = (await t.request<CreatedVersionAnswer>('POST', `/api/years/${Y}/versions`, { name: 'Budget initial' }))
      .json;
    // After the freeze: Alpha's Paid forecast of December goes up by 99,99 €; the Data line goes.
    await setCell(s.id, 11, 'previsionnel', 700.09);
    expect((await t.request('DELETE', `/api/lines/${data.lines[0]!.id}?year=${Y}`)).status).toBe(204);
  });

  it('lands each pole: actual MB up to the cut-off, forecast MB after, against the reference, to the cent', async () => {
    const res = await landing('');
    expect(res.status).toBe(200);
    expect(res.json.cutoff).toBe(2);
    expect(res.json.version).toEqual({ id: initial.id, name: 'Budget initial' });
    const forecast = 100010 - 40005; // 600,05 € a month
    const paidA = twelve((m) => [90001 - 30000, 110000, 5000 - 8050][m] ?? forecast);
    paidA[11] = forecast + 9999;
    expect(res.json.rows).toEqual([
      {
        clientId: a.id,
        client: 'Alpha',
        pole: 'Paid',
        months: paidA,
        landed: paidA.reduce((x, y) => x + y, 0),
        reference: 12 * forecast,
        gap: paidA.reduce((x, y) => x + y, 0) - 12 * forecast,
      },
      // Its line deleted since the freeze: nothing lands, the version still counts it.
      {
        clientId: a.id,
        client: 'Alpha',
        pole: 'Data',
        months: twelve(() => 0),
        landed: 0,
        reference: 10000,
        gap: -10000,
      },
      {
        clientId: b.id,
        client: 'Bêta',
        pole: 'Paid',
        months: twelve((m) => (m === 11 ? 7025 : 0)),
        landed: 7025,
        reference: 7025,
        gap: 0,
      },
    ]);
  });

  it('totals as the dashboard’s KPIs: MB Réelle à date plus the forecast MB after the cut-off', async () => {
    const view = (await landing('')).json;
    const dash = (await t.request<DashboardAnswer>('GET', `/api/dashboard?year=${Y}&clients=all`)).json;
    expect(dash.cutoff.month).toBe(view.cutoff);
    const sums = dash.clients.map((c) => c.sums);
    const total = (f: (s: (typeof sums)[number]) => number) => sums.reduce((x, s) => x + f(s), 0);
    const actualToDate = total((s) => s.toDate.reel - s.toDate.achat);
    const forecastAfter = total(
      (s) => s.previsionnel - s.achat_previsionnel - (s.toDate.previsionnel - s.toDate.achat_previsionnel),
    );
    expect(view.total.actualToDate).toBe(actualToDate);
    expect(view.total.forecastAfter).toBe(forecastAfter);
    expect(view.total.landed).toBe(actualToDate + forecastAfter);
    expect(view.total.months.reduce((x, y) => x + y, 0)).toBe(view.total.landed);
    expect(view.total.reference).toBe(view.rows.reduce((x, r) => x + r.reference, 0));
    expect(view.total.gap).toBe(view.total.landed - view.total.reference);
  });

  it('moves with a chosen cut-off, and narrows to the clients chosen', async () => {
    const res = await landing(`cutoff=4&clients=${a.id}`);
    expect(res.status).toBe(200);
    expect(res.json.rows.map((r) => `${r.client} · ${r.pole}`)).toEqual(['Alpha · Paid', 'Alpha · Data']);
    // April and May are now 'actual': none typed, 0 landed.
    expect(res.json.rows[0]!.months.slice(3, 6)).toEqual([0, 0, 100010 - 40005]);
    expect(res.json.total.actualToDate).toBe(90001 - 30000 + 110000 + 5000 - 8050);
  });

  it('narrows to the clients of a status, as the dashboards do (docs/product.md#client-attributes)', async () => {
    expect((await t.request('PATCH', `/api/clients/${b.id}?year=${Y}`, { status: 'terminé' })).status).toBe(200);
    const res = await landing(`status=${encodeURIComponent('terminé')}`);
    expect(res.status).toBe(200);
    expect(res.json.rows.map((r) => `${r.client} · ${r.pole}`)).toEqual(['Bêta · Paid']);
    expect(res.json.total.landed).toBe(7025);
    expect((await t.request('PATCH', `/api/clients/${b.id}?year=${Y}`, { status: 'actif' })).status).toBe(200);
  });

  it('compares with the version asked for, and with none when the year has no reference', async () => {
    const created = await t.request<CreatedVersionAnswer>('POST', `/api/years/${Y}/versions`, { name: 'Re-prévision' });
    expect(created.json).toMatchObject({ name: 'Re-prévision' });
    const second = created.json;
    const res = await landing(`version=${second.id}`);
    expect(res.json.version).toEqual({ id: second.id, name: 'Re-prévision' });
    // The second version holds December's new forecast and the Data pole empty: the gaps are the actuals'.
    expect(res.json.rows.map((r) => r.gap)).toEqual([res.json.rows[0]!.landed - res.json.rows[0]!.reference, 0, 0]);
    expect(res.json.rows[0]!.reference).toBe(12 * (100010 - 40005) + 9999);

    const empty = await landing('', Y + 1);
    expect(empty.status).toBe(200);
    expect(empty.json).toEqual({
      cutoff: 11,
      version: null,
      rows: [],
      total: {
        months: twelve(() => 0),
        landed: 0,
        reference: 0,
        gap: 0,
        actualToDate: 0,
        forecastAfter: 0,
      },
    });
  });

  it('refuses an unknown version, one of another year, a cut-off outside 0–11 and an unknown client, in French', async () => {
    const unknown = await landing('version=999999');
    expect(unknown.status).toBe(404);
    expect(message(unknown)).toMatch(/version/i);
    const other = await landing(`version=${initial.id}`, Y + 1);
    expect(other.status).toBe(400);
    expect(message(other)).toContain('Budget initial');
    const cutoff = await landing('cutoff=12');
    expect(cutoff.status).toBe(400);
    expect(message(cutoff)).toContain("Le mois d'arrêté doit être un nombre de 0 (janvier) à 11 (décembre).");
    const client = await landing(`clients=${UNKNOWN_ID}`);
    expect(client.status).toBe(404);
    expect(message(client)).toMatch(/client/i);
  });
});
