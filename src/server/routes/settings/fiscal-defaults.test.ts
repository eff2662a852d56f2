/**
 * What the server names and chooses by the fiscal year (ADR 060, docs/product.md#fiscal-years): a
 * request without `?year=` reads and writes the fiscal year holding today, a write into a closed
 * month is refused naming its calendar month, and the history and the closing checklist's
 * reconciliation name months the fiscal way. Both engines; today is set (the clock's `Date` only).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ChecklistAnswer, HistoryPageAnswer } from '@/domain/answers';
import type { FiscalSettings } from '@/domain/fiscal-year';
import type { ClientWire as Client, PoleWire as Pole } from '@/domain/schemas';
import { createTestApp } from '@/server/test/test-db';
import { errorMessage } from '@/server/test/test-accounts';
import { fecFile, oneClientSalesMapping, postBytes, sale } from '@/server/test/fec-file';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** A new database with this setting (none: the calendar year). */
async function appWith(setting?: FiscalSettings) {
  const t = await createTestApp();
  if (setting) expect((await t.request('PUT', '/api/settings', setting)).status).toBe(200);
  return t;
}

/** Creates a client and its pole 'Paid' without `?year=`; answers the client and the pole. */
async function createWithoutYear(t: TestApp, name: string) {
  const client = (await t.request<Client>('POST', '/api/clients', { name })).json;
  const res = await t.request<Pole>('POST', `/api/clients/${client.id}/poles`, { name: 'Paid', lines: ['Meta'] });
  expect(res.status).toBe(201);
  return { client, pole: res.json };
}

const poleNames = async (t: TestApp, clientId: string, year?: number) =>
  (await t.request<Pole[]>('GET', `/api/clients/${clientId}/budget${year ? `?year=${year}` : ''}`)).json.map(
    (p) => p.name,
  );

afterEach(() => {
  vi.useRealTimers();
});

describe.each<[string, FiscalSettings | undefined, [day: string, year: number][]]>([
  // setting, then days and the fiscal year holding each
  [
    'a calendar year',
    undefined,
    [
      ['2026-11-27', 2026],
      ['2027-01-02', 2027],
    ],
  ],
  [
    'a September year named by its end',
    { fiscalYearStartMonth: 9, yearNaming: 'end' },
    [
      ['2026-11-27', 2027],
      ['2026-08-31', 2026],
    ],
  ],
  ['a September year named by its start', { fiscalYearStartMonth: 9, yearNaming: 'start' }, [['2026-11-27', 2026]]],
  ['a March year named by its start', { fiscalYearStartMonth: 3, yearNaming: 'start' }, [['2027-02-28', 2026]]],
])('without ?year=, %s', (_, setting, days) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await appWith(setting);
  });
  afterAll(() => t.db.close());

  it.each(days)('on %s writes and reads the fiscal year holding that day, %i', async (day, year) => {
    vi.setSystemTime(new Date(`${day}T12:00:00`));
    const { client } = await createWithoutYear(t, `Sans exercice ${day}`);
    expect(await poleNames(t, client.id, year)).toEqual(['Paid']);
    expect(await poleNames(t, client.id, year - 1)).toEqual([]);
    expect(await poleNames(t, client.id, year + 1)).toEqual([]);
    expect(await poleNames(t, client.id)).toEqual(['Paid']);
  });
});

describe('a September year named by its end: the texts', () => {
  let t: TestApp;
  let client: Client;
  let pole: Pole;
  beforeAll(async () => {
    t = await appWith({ fiscalYearStartMonth: 9, yearNaming: 'end' });
    client = (await t.request<Client>('POST', '/api/clients?year=2027', { name: 'Exercice Septembre' })).json;
    pole = (
      await t.request<Pole>('POST', `/api/clients/${client.id}/poles?year=2027`, { name: 'Paid', lines: ['Meta'] })
    ).json;
  });
  afterAll(() => t.db.close());

  it('names the invoiced month in the history: « Paid : octobre 2026 facturé »', async () => {
    expect((await t.request('PUT', `/api/poles/${pole.id}/facture/1?year=2027`, { value: true })).status).toBe(200);
    const history = await t.request<HistoryPageAnswer>('GET', `/api/history?clientId=${client.id}&year=2027`);
    expect(history.json.entries[0]!.summary).toBe('Paid : octobre 2026 facturé');
  });

  it('names the reconciled and the uncovered months in the closing checklist', async () => {
    const mapping = oneClientSalesMapping(client.id, 'Paid', 'Meta');
    expect((await t.request('PUT', '/api/accounting/mapping', mapping)).status).toBe(200);
    const file = fecFile([...sale('V1', '20261015', 'C001', '706100', '40,00')]);
    expect((await postBytes(t.app, '/api/accounting/fec/apply?year=2027', file)).status).toBe(200);
    const checklist = async (month: number) =>
      (await t.request<ChecklistAnswer>('GET', `/api/years/2027/months/${month}/checklist`)).json.accounting?.text;
    expect(await checklist(1)).toBe("Rapprochement comptable de octobre 2026 : l'outil et le grand livre concordent.");
    expect(await checklist(5)).toBe(
      'Aucun import comptable ne couvre février 2027 : ses réels ne sont pas rapprochés du grand livre.',
    );
  });

  it('refuses a write into a closed month with 409 period_locked naming it « Septembre 2026 », and changes nothing', async () => {
    expect((await t.request('POST', '/api/years/2027/months/0/close', {})).status).toBe(200);
    const lineId = pole.lines[0]!.id;
    const res = await t.request('PATCH', '/api/cells?year=2027', [{ lineId, month: 0, field: 'reel', value: 5 }]);
    expect(res.status).toBe(409);
    expect(res.json).toMatchObject({ error: { code: 'period_locked', year: 2027, month: 0 } });
    expect(errorMessage(res)).toBe(
      "Septembre 2026 est clôturé : ses chiffres et ses mois facturés ne peuvent plus changer. Rien n'a été enregistré (un administrateur peut rouvrir le mois).",
    );
    const line = (await t.request<Pole[]>('GET', `/api/clients/${client.id}/budget?year=2027`)).json[0]!.lines[0]!;
    expect(line.reel[0]).toBe(0);
  });
});
