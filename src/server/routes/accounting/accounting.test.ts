/**
 * Actuals from the accounting (docs/product.md#actuals-from-the-accounting): the mapping document,
 * the preview and apply of a FEC (a snapshot of the months it covers, closed months kept, one
 * undoable entry, the same file twice a no-op), the reconciliation; bad files change nothing.
 * Real FEC bytes, a real database (both engines).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChecklistAnswer, FecApplyAnswer, FecPreviewAnswer, ReconciliationAnswer } from '@/domain/answers';
import type { ClientWire as Client, PoleWire as Pole } from '@/domain/schemas';
import { fecFile as fec, postBytes, purchase, sale, type FecRow as Row } from '@/server/test/fec-file';
import { createTestApp } from '@/server/test/test-db';

const Y = 2032;

let t: Awaited<ReturnType<typeof createTestApp>>;
let acme: Client;
let zenith: Client;
let paid: Pole;
beforeAll(async () => {
  t = await createTestApp();
  acme = (await t.request<Client>('POST', '/api/clients', { name: 'Compta Acme' })).json;
  zenith = (await t.request<Client>('POST', '/api/clients', { name: 'Compta Zénith' })).json;
  paid = (
    await t.request<Pole>('POST', `/api/clients/${acme.id}/poles?year=${Y}`, {
      name: 'Paid',
      lines: ['Google Ads – Search', 'Meta Ads'],
    })
  ).json;
});
afterAll(() => t.db.close());

const send = <T>(path: string, bytes: Uint8Array) => postBytes<T>(t.app, path, bytes);
const preview = (bytes: Uint8Array) => send<FecPreviewAnswer>(`/api/accounting/fec/preview?year=${Y}`, bytes);
const apply = (bytes: Uint8Array) => send<FecApplyAnswer>(`/api/accounting/fec/apply?year=${Y}`, bytes);
const reconciliation = async () =>
  (await t.request<ReconciliationAnswer>('GET', `/api/accounting/reconciliation?year=${Y}`)).json;
const budget = async (clientId: string) =>
  (await t.request<Pole[]>('GET', `/api/clients/${clientId}/budget?year=${Y}`)).json;
const putMapping = (doc: unknown) => t.request('PUT', '/api/accounting/mapping', doc);

const mapping = () => ({
  agentAccounts: ['467'],
  clients: [
    { thirdParty: 'C001', clientId: acme.id },
    { thirdParty: 'C002', clientId: zenith.id },
  ],
  rules: [
    { when: { account: '706100' }, then: { pole: 'Paid', line: 'Google Ads – Search' } },
    { when: { account: '706200' }, then: { pole: 'SEO', line: 'Netlinking' } },
    {
      when: { account: '604', thirdParty: 'GOOGLE' },
      then: { clientId: acme.id, pole: 'Paid', line: 'Google Ads – Search' },
    },
    { when: { account: '627' }, then: { ignore: true } },
  ],
});

describe('the mapping document', () => {
  it('starts with the defaults, and is stored as sent', async () => {
    expect((await t.request('GET', '/api/accounting/mapping')).json).toEqual({
      agentAccounts: [],
      openingJournals: ['AN', 'RAN', 'OUV'],
      monthFrom: 'EcritureDate',
      clients: [],
      rules: [],
    });
    expect((await putMapping(mapping())).status).toBe(200);
    expect((await t.request('GET', '/api/accounting/mapping')).json).toMatchObject(mapping());
  });

  it.each([
    [
      'an unknown client',
      {
        rules: [
          { when: { account: '7' }, then: { clientId: '00000000-0000-4000-8000-000000000000', pole: 'P', line: 'L' } },
        ],
      },
      /Règle 1/,
    ],
    [
      'percentages not summing to 100',
      {
        rules: [
          {
            when: { account: '706300' },
            then: {
              split: [
                { pole: 'Data', line: 'A', percent: 60 },
                { pole: 'CRM', line: 'B', percent: 30 },
              ],
            },
          },
        ],
      },
      /Règle 1 : .*90/,
    ],
    ['an empty condition', { rules: [{ when: {}, then: { ignore: true } }] }, /Règle 1 : au moins une condition/],
  ])('refuses %s with 400 naming the rule, and keeps the stored document', async (_, doc, message) => {
    const res = await putMapping(doc);
    expect(res.status).toBe(400);
    expect(res.json.error.message).toMatch(message);
    expect((await t.request('GET', '/api/accounting/mapping')).json).toMatchObject(mapping());
  });
});

describe('preview and apply', () => {
  const january = [
    ...sale('VE1', `${Y}0115`, 'C001', '706100', '1000,10'),
    ...sale('VE2', `${Y}0120`, 'C002', '706200', '500,00'),
    ...purchase('AC1', `${Y}0125`, 'GOOGLE', '604000', '300,05'),
    ...purchase('AC2', `${Y}0126`, 'OVH', '615000', '42,00'),
    ...purchase('AC3', `${Y}0127`, 'CABINET', '627000', '10,00'),
  ];
  const february = [...sale('VE3', `${Y}0210`, 'C001', '706100', '2000,00')];

  it('previews without changing anything: months, cells before → after, what is left to map', async () => {
    const res = await preview(fec([...january, ...february]));
    expect(res.status).toBe(200);
    expect(res.json.lines).toBe(12);
    expect(res.json.covered).toEqual({ first: 0, last: 1 });
    expect(res.json.months[0]).toMatchObject({
      ledgerSales: 1500.1,
      ledgerPurchases: 352.05,
      mappedSales: 1500.1,
      mappedPurchases: 300.05,
      ignored: 10,
      unmapped: 42,
      closed: false,
      covered: true,
    });
    expect(res.json.unmapped).toEqual([
      { thirdParty: 'OVH', thirdPartyName: 'OVH', account: '615000', field: 'achat', amount: 42, lines: 1 },
    ]);
    expect(res.json.linesCreated).toBe(1);
    expect(res.json.cells).toContainEqual(
      expect.objectContaining({
        clientId: acme.id,
        pole: 'Paid',
        line: 'Google Ads – Search',
        month: 1,
        field: 'reel',
        current: 0,
        imported: 2000,
      }),
    );
    expect(res.json.cells).toContainEqual(
      expect.objectContaining({
        clientId: zenith.id,
        pole: 'SEO',
        line: 'Netlinking',
        lineId: null,
        month: 0,
        imported: 500,
      }),
    );
    expect((await budget(acme.id))[0]!.lines[0]!.reel).toEqual(Array(12).fill(0));
    expect((await reconciliation()).import).toBeNull();
  });

  it('applies: actuals exact to the cent, a line and a pole created by a rule, one entry « comptabilité »', async () => {
    const res = await apply(fec([...january, ...february]));
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ cellsChanged: 4, linesCreated: 1 });
    const line = (await budget(acme.id))[0]!.lines[0]!;
    expect(line.reel.slice(0, 3)).toEqual([1000.1, 2000, 0]);
    expect(line.achat[0]).toBe(300.05);
    const [seo] = await budget(zenith.id);
    expect(seo).toMatchObject({ name: 'SEO', lines: [{ name: 'Netlinking' }] });
    expect(seo!.lines[0]!.reel[0]).toBe(500);
    const entry = (
      await t.request<{ entries: { id: number; source: string; summary: string }[] }>('GET', `/api/history?year=${Y}`)
    ).json.entries[0]!;
    expect(entry).toMatchObject({ id: res.json.historyId, source: 'comptabilité' });
    expect(entry.summary).toMatch(/^Import comptable du \d\d\/\d\d\/\d{4} : 4 cellules, 1 ligne créée$/);
  });

  it('the same file twice changes nothing the second time', async () => {
    expect((await apply(fec([...january, ...february]))).json).toEqual({
      historyId: null,
      cellsChanged: 0,
      linesCreated: 0,
    });
  });

  it('reconciles: January has an unmapped supplier, February is ticked', async () => {
    const { months, import: last } = await reconciliation();
    expect(last).toMatchObject({ lines: 12 });
    expect(months[0]).toMatchObject({ toolSales: 1500.1, mappedSales: 1500.1, unmapped: 42, reconciled: false });
    expect(months[1]).toMatchObject({ toolSales: 2000, mappedSales: 2000, unmapped: 0, reconciled: true });
    expect(months[2]).toMatchObject({ covered: false, reconciled: false });
  });

  it('a year-to-date file that drops an entry puts its cell back to 0; a hand-typed actual of an unknown line stays', async () => {
    const meta = paid.lines[1]!.id;
    const typed = await t.request('PATCH', `/api/cells?year=${Y}`, [
      { lineId: meta, month: 0, field: 'reel', value: 77.7 },
    ]);
    expect(typed.status).toBe(200);
    // The February sale is gone (a cancelled invoice), March is new.
    const res = await apply(fec([...january, ...sale('VE4', `${Y}0305`, 'C001', '706100', '10,00')]));
    expect(res.status).toBe(200);
    const [p] = await budget(acme.id);
    expect(p!.lines[0]!.reel.slice(0, 3)).toEqual([1000.1, 0, 10]);
    expect(p!.lines[1]!.reel[0]).toBe(77.7);
    const { months } = await reconciliation();
    expect(months[0]).toMatchObject({ manualDifference: 77.7, manualSales: 77.7, reconciled: false });
    expect(months[1]).toMatchObject({ toolSales: 0, mappedSales: 0, reconciled: true });
  });

  it('undoes an import in one step: the cells and the reconciliation of the import before', async () => {
    const march = [
      ...sale('VE4', `${Y}0305`, 'C001', '706100', '10,00'),
      ...sale('VE5', `${Y}0306`, 'C001', '706100', '5,00'),
    ];
    const last = (await apply(fec([...january, ...march]))).json;
    expect((await budget(acme.id))[0]!.lines[0]!.reel[2]).toBe(15);
    const undo = await t.request('POST', `/api/history/${last.historyId}/undo`);
    expect(undo.status).toBe(200);
    expect((await budget(acme.id))[0]!.lines[0]!.reel[2]).toBe(10);
    expect((await reconciliation()).months[2]).toMatchObject({ mappedSales: 10, toolSales: 10 });
    // The import undone no longer counts: the file applied again writes it again.
    expect((await apply(fec([...january, ...march]))).json.cellsChanged).toBe(1);
  });

  it('never writes a closed month: its differences are answered and reconciled apart', async () => {
    const close = await t.request('POST', `/api/years/${Y}/months/0/close`, {});
    expect(close.status).toBe(200);
    const bytes = fec([
      ...january,
      ...sale('VE6', `${Y}0131`, 'C001', '706100', '0,90'),
      ...sale('VE7', `${Y}0307`, 'C001', '706100', '15,00'),
    ]);
    const seen = (await preview(bytes)).json;
    expect(seen.months[0]).toMatchObject({ closed: true });
    expect(seen.closedDifferences).toEqual([
      expect.objectContaining({ clientId: acme.id, month: 0, field: 'reel', stored: 1000.1, ledger: 1001 }),
    ]);
    expect((await apply(bytes)).status).toBe(200);
    expect((await budget(acme.id))[0]!.lines[0]!.reel[0]).toBe(1000.1);
    expect((await reconciliation()).months[0]).toMatchObject({
      closed: true,
      closedDifference: 0.9,
      reconciled: false,
    });
    const checklist = await t.request<ChecklistAnswer>('GET', `/api/years/${Y}/months/0/checklist`);
    // Amounts are written with the French (non-breaking) spaces.
    expect(checklist.json.accounting?.reconciled).toBe(false);
    expect(checklist.json.accounting?.text.replace(/\s/g, ' ')).toBe(
      'Rapprochement comptable de janvier non pointé : 42 € restent à affecter ; 0,90 € du grand livre non écrits (mois clôturé) ; 77,70 € de réels saisis à la main.',
    );
    await t.request('POST', `/api/years/${Y}/months/0/reopen`, { reason: 'Test de la comptabilité' });
  });
});

describe('bad files change nothing', () => {
  it.each([
    ['not a FEC', new TextEncoder().encode('nom;prénom\nDupont;Jean'), /n'est pas un FEC/],
    [
      'a date like 20261345',
      fec([['VE', 'X1', '20261345', '706100', '', '', 'x', '0,00', '1,00']]),
      /Ligne 2 : date illisible dans EcritureDate/,
    ],
    [
      'an amount like 12,3,4',
      fec([['VE', 'X1', `${Y}0101`, '706100', '', '', 'x', '0,00', '12,3,4']]),
      /Ligne 2 : montant illisible dans Credit \(« 12,3,4 »\)/,
    ],
  ])('%s: 400 invalid_file naming line and field', async (_, bytes, message) => {
    const before = await budget(acme.id);
    for (const send of [preview, apply]) {
      const res = await send(bytes);
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({ error: { code: 'invalid_file', message: expect.stringMatching(message) } });
    }
    expect(await budget(acme.id)).toEqual(before);
  });

  it('a file of 200,001 lines: 413 in French', async () => {
    const line: Row = ['VE', 'X', `${Y}0101`, '706100', '', '', 'x', '0,00', '1,00'];
    const bytes = fec(Array.from({ length: 200_001 }, () => line));
    const res = await apply(bytes);
    expect(res.status).toBe(413);
    expect(JSON.stringify(res.json)).toMatch(/200 000 lignes/);
  });
});

describe('two applies racing', () => {
  it('one writes, the other applies after it and finds nothing to change: never a mix', async () => {
    const bytes = fec([...sale('VE9', `${Y}1105`, 'C001', '706100', '123,45')]);
    const [a, b] = await Promise.all([apply(bytes), apply(bytes)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect([a.json.cellsChanged, b.json.cellsChanged].sort()).toEqual([0, 1]);
    expect((await budget(acme.id))[0]!.lines[0]!.reel[10]).toBe(123.45);
  });
});
