import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AllYearsBackupDocument, OneYearBackupDocument } from '@/domain/files/backup-json';
import type { DashboardData } from '@/domain/dashboard/data';
import type { BackupWire, ClientWire as Client, PoleWire as Pole, RollForwardBody } from '@/domain/schemas';
import type { RollForwardAnswerWire, YearSummary } from '@/domain/answers';
import { currentYear } from '@/domain/years';
import { UNKNOWN_ID, createTestApp } from '@/server/test/test-db';

// Explicit years, so nothing depends on today's date (but the default-year test).
const N = 2030;
const N1 = 2031;

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.db.close());

async function newClient(name: string): Promise<Client> {
  return (await t.request<Client>('POST', '/api/clients', { name })).json;
}
async function addPole(clientId: string, year: number, name: string, lines: string[]): Promise<Pole> {
  const res = await t.request<Pole>('POST', `/api/clients/${clientId}/poles?year=${year}`, { name, lines });
  expect(res.status).toBe(201);
  return res.json;
}
async function budget(clientId: string, year: number): Promise<Pole[]> {
  return (await t.request<Pole[]>('GET', `/api/clients/${clientId}/budget?year=${year}`)).json;
}
async function setCells(year: number, cells: { lineId: string; month: number; field: string; value: number }[]) {
  const res = await t.request('PATCH', `/api/cells?year=${year}`, cells);
  expect(res.status).toBe(200);
}
async function rollForward(year: number, body: RollForwardBody) {
  return t.request<RollForwardAnswerWire>('POST', `/api/years/${year}/rollforward`, body);
}
/** Everything stored, every year (the version 2 backup without its date). */
async function everything() {
  const doc = (await t.request<AllYearsBackupDocument>('GET', '/api/backup')).json;
  return { ...doc, exportDate: '' };
}
const lineOf = (poles: Pole[], pole: string, line: string) =>
  poles.find((p) => p.name === pole)!.lines.find((l) => l.name === line)!;

describe('year isolation', () => {
  it('keeps a cell written in one year out of the other year’s budget, dashboard, backup and year list', async () => {
    const client = await newClient('Isolé');
    const pole27 = await addPole(client.id, N1, 'Paid', ['Google Ads – Search']);
    await setCells(N1, [{ lineId: pole27.lines[0]!.id, month: 3, field: 'previsionnel', value: 1234.56 }]);

    expect(await budget(client.id, N)).toEqual([]);
    expect((await budget(client.id, N1))[0]!.lines[0]!.previsionnel[3]).toBe(1234.56);

    const dash = async (year: number) =>
      (await t.request<DashboardData>('GET', `/api/dashboard?clients=${client.id}&year=${year}`)).json;
    expect(JSON.stringify(await dash(N))).not.toContain('Paid');
    expect(JSON.stringify(await dash(N1))).toContain('Paid');

    const oneYear = (await t.request<OneYearBackupDocument>('GET', `/api/backup?year=${N}`)).json;
    expect(oneYear.year).toBe(N);
    expect(oneYear.budgetData[client.id]).toEqual([]);
    const next = (await t.request<OneYearBackupDocument>('GET', `/api/backup?year=${N1}`)).json;
    expect(next.budgetData[client.id]![0]!.lines[0]!.previsionnel[3]).toBe(1234.56);

    const years = (await t.request<YearSummary[]>('GET', '/api/years')).json;
    expect(years.find((y) => y.year === N1)?.clients).toBeGreaterThanOrEqual(1);
    expect(years.find((y) => y.year === N)).toBeUndefined();
  });

  it('keeps the initial MB forecast per year', async () => {
    const client = await newClient('Prévision');
    const res = await t.request<Client>('PATCH', `/api/clients/${client.id}?year=${N1}`, {
      prevision_mb_annuelle_debut: 5000.5,
    });
    expect(res.json.prevision_mb_annuelle_debut).toBe(5000.5);
    const inYear = async (year: number) =>
      (await t.request<Client[]>('GET', `/api/clients?year=${year}`)).json.find((c) => c.id === client.id)!;
    expect((await inYear(N1)).prevision_mb_annuelle_debut).toBe(5000.5);
    expect((await inYear(N)).prevision_mb_annuelle_debut).toBe(0);
  });

  it('refuses a pole or a line of another year (404) and changes nothing', async () => {
    const client = await newClient('Autre année');
    const pole = await addPole(client.id, N, 'SEO/GEO', ['Netlinking']);
    const lineId = pole.lines[0]!.id;
    const before = await everything();
    const attempts: [string, string, unknown][] = [
      ['PATCH', `/api/cells?year=${N1}`, [{ lineId, month: 0, field: 'reel', value: 1 }]],
      ['PATCH', `/api/poles/${pole.id}?year=${N1}`, { isExpanded: false }],
      ['PUT', `/api/poles/${pole.id}/facture/2?year=${N1}`, { value: true }],
      ['POST', `/api/poles/${pole.id}/lines?year=${N1}`, { name: 'Nouvelle' }],
      ['DELETE', `/api/lines/${lineId}?year=${N1}`, undefined],
    ];
    for (const [method, path, body] of attempts) {
      const res = await t.request(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.json.error.message).toContain(`exercice ${N1}`);
    }
    expect(await everything()).toEqual(before);
  });

  it('answers 400 naming the year for a year outside 2000–2100 or not a year, on every budget route', async () => {
    const client = await newClient('Année invalide');
    const pole = await addPole(client.id, N, 'Data', ['Tracking']);
    const before = await everything();
    for (const bad of ['1999', '2101', 'abc', '2026.5', '']) {
      const q = `year=${encodeURIComponent(bad)}`;
      const attempts: [string, string, unknown][] = [
        ['GET', `/api/clients?${q}`, undefined],
        ['PATCH', `/api/clients/${client.id}?${q}`, { prevision_mb_annuelle_debut: 1 }],
        ['GET', `/api/clients/${client.id}/budget?${q}`, undefined],
        ['POST', `/api/clients/${client.id}/poles?${q}`, { name: 'Paid', lines: ['Meta Ads'] }],
        ['PATCH', `/api/poles/${pole.id}?${q}`, { isExpanded: false }],
        ['PUT', `/api/poles/${pole.id}/facture/1?${q}`, { value: true }],
        ['POST', `/api/poles/${pole.id}/lines?${q}`, { name: 'Autre' }],
        ['DELETE', `/api/lines/${pole.lines[0]!.id}?${q}`, undefined],
        ['PATCH', `/api/cells?${q}`, [{ lineId: pole.lines[0]!.id, month: 0, field: 'reel', value: 1 }]],
        ['GET', `/api/budget?${q}`, undefined],
        ['GET', `/api/dashboard?${q}`, undefined],
        ['GET', `/api/backup?${q}`, undefined],
      ];
      for (const [method, path, body] of attempts) {
        const res = await t.request(method, path, body);
        expect(res.status, `${method} ${path}`).toBe(400);
        expect(res.json.error.message).toContain(`Exercice invalide : « ${bad} »`);
      }
    }
    const path = `/api/years/1999/rollforward`;
    const res = await t.request('POST', path, { from: 1998, clients: 'all', figures: 'none' });
    expect(res.status).toBe(400);
    expect(res.json.error.message).toContain('1999');
    expect(await everything()).toEqual(before);
  });

  it('uses the current calendar year when ?year= is absent', async () => {
    const client = await newClient('Par défaut');
    const pole = (
      await t.request<Pole>('POST', `/api/clients/${client.id}/poles`, { name: 'CRM', lines: ['Emailing'] })
    ).json;
    expect((await budget(client.id, currentYear())).map((p) => p.id)).toEqual([pole.id]);
  });

  it('never changes another year when a line or a pole’s content is deleted in one', async () => {
    const client = await newClient('Suppression');
    await addPole(client.id, N, 'Paid', ['Meta Ads', 'LinkedIn Ads']);
    const meta = lineOf(await budget(client.id, N), 'Paid', 'Meta Ads');
    await setCells(N, [{ lineId: meta.id, month: 0, field: 'reel', value: 10 }]);
    expect((await rollForward(N1, { from: N, clients: [client.id], figures: 'reel' })).status).toBe(200);
    const next = lineOf(await budget(client.id, N1), 'Paid', 'Meta Ads');
    expect(next.id).not.toBe(meta.id);
    const before = await budget(client.id, N);
    expect((await t.request('DELETE', `/api/lines/${next.id}?year=${N1}`)).status).toBe(204);
    expect(await budget(client.id, N)).toEqual(before);
  });
});

describe('roll forward', () => {
  /** A client with two poles in N: figures in every month of one line, nothing in the other. */
  async function sourceClient(name: string) {
    const client = await newClient(name);
    const paid = await addPole(client.id, N, 'Paid', ['Google Ads – Search', 'Meta Ads']);
    await addPole(client.id, N, 'SEO/GEO', ['Netlinking']);
    const search = paid.lines[0]!.id;
    await setCells(N, [
      { lineId: search, month: 0, field: 'previsionnel', value: 100.01 },
      { lineId: search, month: 0, field: 'achat_previsionnel', value: 40 },
      { lineId: search, month: 0, field: 'reel', value: 120 },
      { lineId: search, month: 0, field: 'achat', value: 50.5 },
      { lineId: search, month: 1, field: 'previsionnel', value: 200 },
      { lineId: search, month: 1, field: 'achat_previsionnel', value: 80 },
    ]);
    await t.request('PUT', `/api/poles/${paid.id}/facture/0?year=${N}`, { value: true });
    return client;
  }

  it('creates the missing poles and lines, fills forecasts from the basis with the uplift rounded to the cent', async () => {
    const client = await sourceClient('Report');
    const body: RollForwardBody = {
      from: N,
      clients: [client.id],
      figures: 'previsionnel',
      upliftSales: 3.5,
      upliftPurchases: -10,
    };
    const res = await rollForward(N1, body);
    expect(res.status).toBe(200);
    expect(res.json.clients).toEqual([
      {
        id: client.id,
        name: 'Report',
        polesCreated: 2,
        linesCreated: 3,
        cellsFilled: 4,
        cellsSkipped: 0,
        before: { previsionnel: 0, achat_previsionnel: 0 },
        // 100,01 × 1,035 = 103,51035 → 103,51; 200 × 1,035 = 207; 40 × 0,9 = 36; 80 × 0,9 = 72.
        after: { previsionnel: 310.51, achat_previsionnel: 108 },
      },
    ]);
    const poles = await budget(client.id, N1);
    expect(poles.map((p) => [p.name, p.lines.map((l) => l.name)])).toEqual([
      ['Paid', ['Google Ads – Search', 'Meta Ads']],
      ['SEO/GEO', ['Netlinking']],
    ]);
    const search = lineOf(poles, 'Paid', 'Google Ads – Search');
    expect(search.previsionnel.slice(0, 3)).toEqual([103.51, 207, 0]);
    expect(search.achat_previsionnel.slice(0, 3)).toEqual([36, 72, 0]);
    // Actuals and invoiced months are never copied.
    expect(search.reel.every((v) => v === 0) && search.achat.every((v) => v === 0)).toBe(true);
    expect(poles[0]!.facture.every((f) => !f)).toBe(true);
    // The revised forecast of N1 is the forecast margin: 310,51 − 108.
    const clients = (await t.request<Client[]>('GET', `/api/clients?year=${N1}`)).json;
    expect(clients.find((c) => c.id === client.id)!.prevision_mb_annuelle_revue).toBe(202.51);
  });

  it('gives in a dry run the very answer of the real run, and changes nothing', async () => {
    const client = await sourceClient('Aperçu');
    const body: RollForwardBody = { from: N, clients: [client.id], figures: 'revue', upliftSales: 10 };
    const before = await everything();
    const dry = await rollForward(N1, { ...body, dryRun: true });
    expect(dry.status).toBe(200);
    expect(await everything()).toEqual(before);
    const real = await rollForward(N1, body);
    expect(real.json.clients).toEqual(dry.json.clients);
    expect(dry.json.historyId).toBeNull();
    expect(real.json.historyId).toEqual(expect.any(Number));
    // Revised basis: month 0 has actual sales → 120 × 1,1 and its actual purchases 50,5; month 1 the forecasts.
    const search = lineOf(await budget(client.id, N1), 'Paid', 'Google Ads – Search');
    expect(search.previsionnel.slice(0, 2)).toEqual([132, 220]);
    expect(search.achat_previsionnel.slice(0, 2)).toEqual([50.5, 80]);
  });

  it('never overwrites a figure in fill-empty mode; overwrite replaces it', async () => {
    const client = await sourceClient('Remplissage');
    await rollForward(N1, { from: N, clients: [client.id], figures: 'none' });
    const target = lineOf(await budget(client.id, N1), 'Paid', 'Google Ads – Search');
    await setCells(N1, [{ lineId: target.id, month: 0, field: 'previsionnel', value: 999 }]);

    const fill = await rollForward(N1, { from: N, clients: [client.id], figures: 'previsionnel' });
    expect(fill.json.clients[0]).toMatchObject({ polesCreated: 0, linesCreated: 0, cellsFilled: 3, cellsSkipped: 1 });
    let search = lineOf(await budget(client.id, N1), 'Paid', 'Google Ads – Search');
    expect(search.previsionnel.slice(0, 2)).toEqual([999, 200]);
    expect(search.achat_previsionnel.slice(0, 2)).toEqual([40, 80]);

    const again = await rollForward(N1, { from: N, clients: [client.id], figures: 'previsionnel' });
    expect(again.json.clients[0]).toMatchObject({ cellsFilled: 0, cellsSkipped: 4 });

    const over = await rollForward(N1, { from: N, clients: [client.id], figures: 'previsionnel', mode: 'overwrite' });
    expect(over.json.clients[0]).toMatchObject({ cellsFilled: 1, cellsSkipped: 0 });
    search = lineOf(await budget(client.id, N1), 'Paid', 'Google Ads – Search');
    expect(search.previsionnel[0]).toBe(100.01);
  });

  it('rolls every client forward with clients: all, by name in the answer', async () => {
    const fresh = await createTestApp();
    try {
      const mk = async (name: string) => (await fresh.request<Client>('POST', '/api/clients', { name })).json;
      const b = await mk('Beta');
      const a = await mk('Alpha');
      await fresh.request('POST', `/api/clients/${b.id}/poles?year=${N}`, { name: 'Data', lines: ['Tracking'] });
      const res = await fresh.request<RollForwardAnswerWire>('POST', `/api/years/${N1}/rollforward`, {
        from: N,
        clients: 'all',
        figures: 'none',
      });
      expect(res.json.clients.map((c) => [c.name, c.linesCreated])).toEqual([
        ['Alpha', 0],
        ['Beta', 1],
      ]);
      expect(a.id).toBeTruthy();
    } finally {
      await fresh.db.close();
    }
  });

  it.each([
    ['onto its own source year', N, { from: N }, 400, 'lui-même'],
    ['to a year before its source', N, { from: N1 }, 400, `L'exercice source (${N1}) doit précéder`],
    ['an uplift below −100 %', N1, { upliftSales: -100.01 }, 400, 'inférieure à -100 %'],
    ['an uplift above 1000 %', N1, { upliftPurchases: 1000.5 }, 400, 'dépasser 1000 %'],
    ['an uplift with three decimals', N1, { upliftSales: 3.555 }, 400, 'deux décimales'],
    ['a source year outside the range', N1, { from: 1999 }, 400, 'Exercice invalide : 1999'],
    ['an unknown basis', N1, { figures: 'budget' }, 400, 'figures'],
    ['an unknown client', N1, { clients: [UNKNOWN_ID] }, 404, UNKNOWN_ID],
  ])('refuses %s and changes nothing', async (_label, year, spoil, status, text) => {
    const client = await sourceClient(`Refus ${_label}`);
    const before = await everything();
    const body = { from: N, clients: [client.id], figures: 'previsionnel', ...spoil };
    const res = await t.request('POST', `/api/years/${year}/rollforward`, body);
    expect(res.status).toBe(status);
    expect(res.json.error.message).toContain(text);
    expect(await everything()).toEqual(before);
  });

  it('rolls back everything when the database fails halfway', async () => {
    const client = await sourceClient('Panne');
    const before = await everything();
    // The figures are written last (the new lines' months inserted with them, the other lines'
    // updated), after the poles and lines: make that fail.
    await t.db.exec(`
      create function fail_rollforward() returns trigger language plpgsql as $$
      begin raise exception 'panne simulée'; end $$;
      create trigger fail_rollforward before insert or update on budget_monthly_data for each row
        when (new.year = ${N1}) execute function fail_rollforward();`);
    try {
      const { vi } = await import('vitest');
      const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const res = await rollForward(N1, { from: N, clients: [client.id], figures: 'previsionnel' });
      spy.mockRestore();
      expect(res.status).toBe(500);
    } finally {
      await t.db.exec('drop trigger fail_rollforward on budget_monthly_data; drop function fail_rollforward();');
    }
    expect(await everything()).toEqual(before);
  });
});

describe('backup across years', () => {
  it('round-trips every year exactly (version 2)', async () => {
    const client = await newClient('Deux années');
    const pole = await addPole(client.id, N, 'Paid', ['Meta Ads']);
    await setCells(N, [{ lineId: pole.lines[0]!.id, month: 5, field: 'reel', value: 0.07 }]);
    await t.request('PATCH', `/api/clients/${client.id}?year=${N1}`, { prevision_mb_annuelle_debut: 12.34 });
    await rollForward(N1, { from: N, clients: [client.id], figures: 'reel', upliftSales: 1.5 });

    const first = await everything();
    expect(first.years.map((y) => y.year)).toEqual(expect.arrayContaining([N, N1]));
    const restored = await t.request('POST', '/api/backup', first);
    expect(restored.status).toBe(200);
    expect(await everything()).toEqual(first);

    // Into an empty database too.
    const empty = await createTestApp();
    try {
      expect((await empty.request('POST', '/api/backup', first)).status).toBe(200);
      const again = (await empty.request<AllYearsBackupDocument>('GET', '/api/backup')).json;
      expect({ ...again, exportDate: '' }).toEqual(first);
    } finally {
      await empty.db.close();
    }
  });

  it('exports one year in SPEC’s shape and restores a SPEC-shaped file as the year asked, the other years emptied', async () => {
    const client = await newClient('Une année');
    await addPole(client.id, N, 'CRM', ['Emailing']);
    await addPole(client.id, N1, 'Data', ['Tracking']);
    const oneYear = (await t.request<OneYearBackupDocument>('GET', `/api/backup?year=${N}`)).json;
    expect(Object.keys(oneYear)).toEqual(['clients', 'budgetData', 'exportDate', 'version', 'year']);
    const spec: BackupWire = { clients: oneYear.clients, budgetData: oneYear.budgetData };

    const target = 2040;
    expect((await t.request('POST', `/api/backup?year=${target}`, spec)).status).toBe(200);
    const all = await everything();
    expect(all.years.map((y) => y.year)).toEqual([target]);
    expect(await budget(client.id, target)).toEqual(oneYear.budgetData[client.id]);
    expect(await budget(client.id, N)).toEqual([]);
    expect(await budget(client.id, N1)).toEqual([]);
  });

  it('refuses a version 2 file that repeats a year, or ids across years, and changes nothing', async () => {
    const client = await newClient('Doublons');
    await addPole(client.id, N, 'Paid', ['Meta Ads']);
    await rollForward(N1, { from: N, clients: [client.id], figures: 'none' });
    const before = await everything();
    const twice = { ...before, years: [before.years[0]!, before.years[0]!] };
    const res = await t.request('POST', '/api/backup', twice);
    expect(res.status).toBe(400);
    expect(res.json.error.message).toMatch(/double/);
    expect(await everything()).toEqual(before);
  });
});
