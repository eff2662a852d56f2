/**
 * Fiscal years (docs/product.md#fiscal-years, ADR 056): the setting, its bad input, and a September
 * year end to end — cells, the FEC's months, à date and N−1, closing, roll forward — then the
 * refusal once years hold data, and who may change it. Both engines.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FecApplyAnswer, FecPreviewAnswer, MonthLocksAnswer, SettingsAnswer } from '@/domain/answers';
import type { DashboardData } from '@/domain/dashboard/data';
import type { ClientWire as Client, PoleWire as Pole } from '@/domain/schemas';
import { createTestApp } from '@/server/test/test-db';
import { createAccountsTestApp, errorMessage, threePeople } from '@/server/test/test-accounts';
import { fecFile, oneClientSalesMapping, postBytes, sale } from '@/server/test/fec-file';

const SEPTEMBER = { fiscalYearStartMonth: 9, yearNaming: 'end' } as const;

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.db.close());

const settings = async () => (await t.request<SettingsAnswer>('GET', '/api/settings')).json;
const budget = async (clientId: string, year: number) =>
  (await t.request<Pole[]>('GET', `/api/clients/${clientId}/budget?year=${year}`)).json;
const sendFec = <T>(path: string, bytes: Uint8Array) => postBytes<T>(t.app, path, bytes);

describe('the setting', () => {
  it('is the calendar year on a new database', async () => {
    expect(await settings()).toEqual({ fiscalYearStartMonth: 1, yearNaming: 'end' });
  });

  it.each([
    [{ fiscalYearStartMonth: 0, yearNaming: 'end' }, 'fiscalYearStartMonth doit valoir au moins 1 (janvier).'],
    [{ fiscalYearStartMonth: 13, yearNaming: 'end' }, 'fiscalYearStartMonth doit valoir au plus 12 (décembre).'],
    [
      { fiscalYearStartMonth: 9.5, yearNaming: 'end' },
      'fiscalYearStartMonth doit être un numéro de mois entier (1 à 12).',
    ],
    [{ fiscalYearStartMonth: '9', yearNaming: 'end' }, 'fiscalYearStartMonth doit être un numéro de mois (1 à 12).'],
    [
      { fiscalYearStartMonth: 9, yearNaming: 'middle' },
      "yearNaming doit valoir 'end' (l'année de fin) ou 'start' (l'année de début).",
    ],
  ])('refuses %o with a 400 in French, changing nothing', async (body, message) => {
    const res = await t.request('PUT', '/api/settings', body);
    expect(res.status).toBe(400);
    expect(errorMessage(res)).toContain(message);
    expect(await settings()).toEqual({ fiscalYearStartMonth: 1, yearNaming: 'end' });
  });

  it('takes September on an empty database', async () => {
    const res = await t.request<SettingsAnswer>('PUT', '/api/settings', SEPTEMBER);
    expect(res.status).toBe(200);
    expect(res.json).toEqual(SEPTEMBER);
    expect(await settings()).toEqual(SEPTEMBER);
  });
});

describe('a year from September to August (named by its end)', () => {
  let client: Client;
  let pole: Pole;
  beforeAll(async () => {
    client = (await t.request<Client>('POST', '/api/clients', { name: 'Exercice Septembre' })).json;
    pole = (
      await t.request<Pole>('POST', `/api/clients/${client.id}/poles?year=2026`, {
        name: 'Paid',
        lines: ['Google Ads – Search'],
      })
    ).json;
    const before = (
      await t.request<Pole>('POST', `/api/clients/${client.id}/poles?year=2025`, {
        name: 'Paid',
        lines: ['Google Ads – Search'],
      })
    ).json;
    // N−1: 30 € of actual sales in its first month (September 2024), 99 € in its sixth (February 2025).
    const lineId = before.lines[0]!.id;
    const res = await t.request('PATCH', '/api/cells?year=2025', [
      { lineId, month: 0, field: 'reel', value: 30 },
      { lineId, month: 5, field: 'reel', value: 99 },
    ]);
    expect(res.status).toBe(200);
  });

  it('keeps a cell at its position: month 0 is the year’s first month', async () => {
    const lineId = pole.lines[0]!.id;
    const res = await t.request('PATCH', '/api/cells?year=2026', [
      { lineId, month: 0, field: 'previsionnel', value: 500 },
      { lineId, month: 11, field: 'previsionnel', value: 800 },
    ]);
    expect(res.status).toBe(200);
    const line = (await budget(client.id, 2026))[0]!.lines[0]!;
    expect(line.previsionnel[0]).toBe(500);
    expect(line.previsionnel[11]).toBe(800);
  });

  it('reads a FEC whose September entries go to month 0 and whose next September is outside the year', async () => {
    const mapping = oneClientSalesMapping(client.id, 'Paid', 'Google Ads – Search');
    expect((await t.request('PUT', '/api/accounting/mapping', mapping)).status).toBe(200);
    const file = fecFile([
      ...sale('V1', '20250915', 'C001', '706100', '100,00'),
      ...sale('V2', '20251020', 'C001', '706100', '40,00'),
      ...sale('V3', '20250820', 'C001', '706100', '7,00'),
      ...sale('V4', '20260905', 'C001', '706100', '9,00'),
    ]);
    const preview = await sendFec<FecPreviewAnswer>('/api/accounting/fec/preview?year=2026', file);
    expect(preview.status).toBe(200);
    // August 2025 belongs to 2025, September 2026 to 2027: two entries of two lines each.
    expect(preview.json.outsideYear).toBe(4);
    expect(preview.json.months[0]!.ledgerSales).toBe(100);
    expect(preview.json.months[1]!.ledgerSales).toBe(40);

    const applied = await sendFec<FecApplyAnswer>('/api/accounting/fec/apply?year=2026', file);
    expect(applied.status).toBe(200);
    const line = (await budget(client.id, 2026))[0]!.lines[0]!;
    expect(line.reel.slice(0, 3)).toEqual([100, 40, 0]);
  });

  it('reads à date up to the last month with actuals, and N−1 over the same positions', async () => {
    const dash = (await t.request<DashboardData>('GET', `/api/dashboard?clients=${client.id}&year=2026`)).json;
    expect(dash.cutoff).toEqual({ month: 1, source: 'actual' });
    // September and October 2024: 30 €; February 2025 (position 5) is after the cut-off.
    expect(dash.previous).toEqual({ reel: 3000, achat: 0 });
  });

  it('closes the year’s months in fiscal order, September first', async () => {
    const outOfOrder = await t.request('POST', '/api/years/2026/months/1/close', {});
    expect(outOfOrder.status).toBe(409);
    expect(errorMessage(outOfOrder)).toBe("Les mois se clôturent dans l'ordre : clôturez d'abord septembre 2025.");
    const closed = await t.request<MonthLocksAnswer>('POST', '/api/years/2026/months/0/close', {});
    expect(closed.status).toBe(200);
    expect(closed.json.map((l) => l.month)).toEqual([0]);
  });

  it('rolls forward into the next year at the same positions', async () => {
    const res = await t.request('POST', '/api/years/2027/rollforward', {
      from: 2026,
      clients: 'all',
      figures: 'previsionnel',
      upliftSales: 10,
      upliftPurchases: 0,
      mode: 'fill-empty',
      dryRun: false,
    });
    expect(res.status).toBe(200);
    const line = (await budget(client.id, 2027))[0]!.lines[0]!;
    expect(line.previsionnel[0]).toBe(550);
    expect(line.previsionnel[11]).toBe(880);
  });

  it('refuses another setting once years hold data, naming them, and changes nothing', async () => {
    const res = await t.request('PUT', '/api/settings', { fiscalYearStartMonth: 3, yearNaming: 'end' });
    expect(res.status).toBe(409);
    expect(errorMessage(res)).toBe(
      "Impossible de changer l'exercice : les exercices 2025, 2026, 2027 contiennent des données. Le premier mois et le nom de l'exercice se choisissent avant la saisie du premier budget.",
    );
    const renamed = await t.request('PUT', '/api/settings', { ...SEPTEMBER, yearNaming: 'start' });
    expect(renamed.status).toBe(409);
    expect(await settings()).toEqual(SEPTEMBER);
    // Saving the setting as it is changes nothing and is allowed.
    expect((await t.request('PUT', '/api/settings', SEPTEMBER)).status).toBe(200);
  });
});

describe('who may change it (accounts mode)', () => {
  let a: Awaited<ReturnType<typeof createAccountsTestApp>>;
  const people = threePeople(() => a);
  beforeAll(async () => {
    a = await createAccountsTestApp();
    let ip = 40;
    for (const who of ['admin', 'editor', 'viewer'] as const) {
      const email = `${who}@agence.fr`;
      await a.addUser(email, undefined, { role: who, clientIds: null });
      people.cookie[who] = await a.signIn(email, undefined, `192.0.2.${ip++}`);
    }
  });
  afterAll(() => a.db.close());

  it('lets everyone read it and only an admin change it', async () => {
    expect((await people.call('viewer', 'GET', '/api/settings')).json).toEqual({
      fiscalYearStartMonth: 1,
      yearNaming: 'end',
    });
    const refused = await people.call('editor', 'PUT', '/api/settings', SEPTEMBER);
    expect(refused.status).toBe(403);
    expect((await people.call('admin', 'PUT', '/api/settings', SEPTEMBER)).status).toBe(200);
    expect((await people.call('viewer', 'GET', '/api/settings')).json).toEqual(SEPTEMBER);
  });
});
