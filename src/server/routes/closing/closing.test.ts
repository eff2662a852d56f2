/**
 * Month closing (docs/product.md#month-closing): close in order, reopen with a reason, both in the
 * history; and every writing route of the app classified — those that could change a closed month
 * are refused with 409 `period_locked` while it is closed (nothing changes) and allowed again once
 * it is reopened. A route added to the app without a line here fails the first test.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '@/domain/api-error';
import type { ChecklistItem, MonthLock } from '@/domain/control';
import type { AllYearsBackupDocument } from '@/domain/files/backup-json';
import type { ClientWire as Client, PoleWire as Pole } from '@/domain/schemas';
import { createTestApp } from '@/server/test/test-db';
import type { HistoryEntryWire } from '@/domain/answers';

const Y = 2030;
const q = `?year=${Y}`;

type T = Awaited<ReturnType<typeof createTestApp>>;
let open: T[] = [];
afterEach(async () => {
  await Promise.all(open.map((t) => t.db.close()));
  open = [];
});

/** A client of year Y with figures in January (closed below) and February (open), and a year Y−1 to roll from. */
async function fixture() {
  const t = await createTestApp();
  open.push(t);
  const r = t.request;
  const client = (await r<Client>('POST', `/api/clients${q}`, { name: 'Acme' })).json;
  const pole = (
    await r<Pole>('POST', `/api/clients/${client.id}/poles${q}`, { name: 'Paid', lines: ['Google', 'Meta'] })
  ).json;
  const [typed, empty] = pole.lines as [Pole['lines'][number], Pole['lines'][number]];
  const entry = await r<{ historyId: number }>('PATCH', `/api/cells${q}`, [
    { lineId: typed.id, month: 0, field: 'reel', value: 100 },
    { lineId: typed.id, month: 1, field: 'reel', value: 5 },
  ]);
  expect((await r('PUT', `/api/poles/${pole.id}/facture/0${q}`, { value: true })).status).toBe(200);
  const before = (
    await r<Pole>('POST', `/api/clients/${client.id}/poles?year=${Y - 1}`, { name: 'SEO', lines: ['Audit'] })
  ).json;
  await r('PATCH', `/api/cells?year=${Y - 1}`, [
    { lineId: before.lines[0]!.id, month: 0, field: 'previsionnel', value: 50 },
  ]);
  return { t, r, client, pole, typed, empty, typedEntry: entry.json.historyId };
}
type Fixture = Awaited<ReturnType<typeof fixture>>;

const close = (f: Fixture, month = 0, note?: string) =>
  f.r<MonthLock[]>('POST', `/api/years/${Y}/months/${month}/close`, note === undefined ? {} : { note });
const reopen = (f: Fixture, month = 0, reason = 'Facture fournisseur arrivée en retard') =>
  f.r<MonthLock[]>('POST', `/api/years/${Y}/months/${month}/reopen`, { reason });
async function everything(f: Fixture) {
  return { ...(await f.r<AllYearsBackupDocument>('GET', '/api/backup')).json, exportDate: '' };
}

type Call = (f: Fixture) => Promise<{ status: number; json: unknown }>;

/**
 * Every writing route of the app: `guarded` routes can change a closed month (the call given does,
 * and must be refused then allowed after reopening); `open` routes cannot (the call given succeeds
 * while January is closed); the others write no monthly figure.
 */
/** A comment on the fixture's client-year; its id. */
const newComment = async (f: Fixture) =>
  (await f.r<{ id: number }>('POST', '/api/comments', { clientId: f.client.id, year: Y, text: 'a' })).json.id;

const WRITING_ROUTES: Record<
  string,
  | { kind: 'guarded'; call: Call }
  | { kind: 'open'; call: Call }
  | { kind: 'restore' | 'closing' | 'users' | 'accounting' | 'versions' | 'signoff' | 'settings'; why: string }
> = {
  'PATCH /api/cells': {
    kind: 'guarded',
    // A batch touching one closed cell is refused whole (its February cell is not saved either).
    call: (f) =>
      f.r('PATCH', `/api/cells${q}&source=collage`, [
        { lineId: f.typed.id, month: 1, field: 'reel', value: 7 },
        { lineId: f.typed.id, month: 0, field: 'achat', value: 3 },
      ]),
  },
  'PUT /api/poles/:id/facture/:month': {
    kind: 'guarded',
    call: (f) => f.r('PUT', `/api/poles/${f.pole.id}/facture/0${q}`, { value: false }),
  },
  'DELETE /api/lines/:id': { kind: 'guarded', call: (f) => f.r('DELETE', `/api/lines/${f.typed.id}${q}`) },
  'DELETE /api/clients/:id': { kind: 'guarded', call: (f) => f.r('DELETE', `/api/clients/${f.client.id}`) },
  'POST /api/years/:year/rollforward': {
    kind: 'guarded',
    call: (f) => f.r('POST', `/api/years/${Y}/rollforward`, { from: Y - 1, clients: 'all', figures: 'previsionnel' }),
  },
  'POST /api/import': {
    kind: 'guarded',
    // An import touching one closed cell is refused whole (its February cell is not saved either).
    call: (f) =>
      f.r('POST', `/api/import${q}`, {
        lines: [],
        cells: [
          { lineId: f.typed.id, month: 1, field: 'reel', value: 8 },
          { lineId: f.typed.id, month: 0, field: 'reel', value: 4 },
        ],
      }),
  },
  'POST /api/history/:id/undo': { kind: 'guarded', call: (f) => f.r('POST', `/api/history/${f.typedEntry}/undo`) },
  'POST /api/years/:year/landing': {
    kind: 'open',
    // Closed months are never written: with January closed, the cut-off is January (landing.test.ts).
    call: (f) => f.r('POST', `/api/years/${Y}/landing`, { clients: 'all', method: 'run-rate', mode: 'overwrite' }),
  },
  'POST /api/clients': { kind: 'open', call: (f) => f.r('POST', `/api/clients${q}`, { name: 'Nouveau' }) },
  'PATCH /api/clients/:id': {
    kind: 'open',
    call: (f) => f.r('PATCH', `/api/clients/${f.client.id}${q}`, { name: 'Acme SA', prevision_mb_annuelle_debut: 9 }),
  },
  'POST /api/clients/:id/poles': {
    kind: 'open',
    call: (f) => f.r('POST', `/api/clients/${f.client.id}/poles${q}`, { name: 'Data', lines: ['Tracking'] }),
  },
  'PATCH /api/poles/:id': {
    kind: 'open',
    call: (f) => f.r('PATCH', `/api/poles/${f.pole.id}${q}`, { isExpanded: false }),
  },
  'POST /api/poles/:id/lines': {
    kind: 'open',
    call: (f) => f.r('POST', `/api/poles/${f.pole.id}/lines${q}`, { name: 'TikTok' }),
  },
  'PUT /api/poles/:id/name': {
    kind: 'open',
    call: (f) => f.r('PUT', `/api/poles/${f.pole.id}/name${q}`, { name: 'Paid Media' }),
  },
  'PUT /api/lines/:id/name': {
    kind: 'open',
    call: (f) => f.r('PUT', `/api/lines/${f.typed.id}/name${q}`, { name: 'Google Ads' }),
  },
  'PUT /api/lines/:id/driver': {
    kind: 'guarded',
    // 10 % of the typed line's actuals: January's computed cell would change (100 → 10 €).
    call: (f) =>
      f.r('PUT', `/api/lines/${f.empty.id}/driver${q}`, {
        measure: 'reel',
        percent: 10,
        sourceMeasure: 'reel',
        sources: { lineIds: [f.typed.id] },
      }),
  },
  'DELETE /api/lines/:id/driver': {
    kind: 'open',
    // Computed from the typed line's forecast (all zero: no figure changes), then typed again: the figures stay.
    call: async (f) => {
      const set = await f.r('PUT', `/api/lines/${f.empty.id}/driver${q}`, {
        measure: 'previsionnel',
        percent: 10,
        sourceMeasure: 'previsionnel',
        sources: { lineIds: [f.typed.id] },
      });
      expect(set.status).toBe(200);
      return f.r('DELETE', `/api/lines/${f.empty.id}/driver${q}`);
    },
  },
  'POST /api/lines/:id/move': {
    kind: 'open',
    call: (f) => f.r('POST', `/api/lines/${f.typed.id}/move${q}`, { direction: 'down' }),
  },
  // Comments and notifications: no figure (docs/product.md#comments), a closed month's cell included.
  'POST /api/comments': {
    kind: 'open',
    call: (f) =>
      f.r('POST', '/api/comments', {
        clientId: f.client.id,
        year: Y,
        lineId: f.typed.id,
        month: 0,
        field: 'reel',
        text: 'Vu',
      }),
  },
  'PATCH /api/comments/:id': {
    kind: 'open',
    call: async (f) => f.r('PATCH', `/api/comments/${await newComment(f)}`, { resolved: true }),
  },
  'DELETE /api/comments/:id': {
    kind: 'open',
    call: async (f) => f.r('DELETE', `/api/comments/${await newComment(f)}`),
  },
  'POST /api/notifications/read': { kind: 'open', call: (f) => f.r('POST', '/api/notifications/read', { all: true }) },
  'PUT /api/notifications/settings': {
    kind: 'open',
    call: (f) => f.r('PUT', '/api/notifications/settings', { level: 'mentions' }),
  },
  'PUT /api/alerts/settings': {
    kind: 'open',
    call: (f) =>
      f.r('PUT', '/api/alerts/settings', {
        purchasesOverForecast: { percent: 10, euros: 500 },
        marginRateBelow: null,
        closeByDay: 5,
        importByDay: null,
      }),
  },
  'PUT /api/variance/settings': {
    kind: 'open',
    call: (f) => f.r('PUT', '/api/variance/settings', { threshold: { euros: 100, percent: 5 } }),
  },
  'PUT /api/presence': {
    kind: 'open',
    // Which client a tab shows: no figure (docs/product.md#presence).
    call: (f) => f.r('PUT', '/api/presence', { year: Y, clientId: f.client.id, tab: 'onglet-1' }),
  },
  'POST /api/backup': {
    kind: 'restore',
    why: 'admin only; replaces every month, closed ones too, as its own undoable entry (ADR 032)',
  },
  'POST /api/years/:year/months/:month/close': { kind: 'closing', why: 'closes a month' },
  'POST /api/years/:year/months/:month/reopen': { kind: 'closing', why: 'reopens a month' },
  'POST /api/users': { kind: 'users', why: 'accounts, no budget data' },
  'PATCH /api/users/:id': { kind: 'users', why: 'accounts, no budget data' },
  'PUT /api/accounting/mapping': { kind: 'accounting', why: 'the rules, no budget data' },
  'PUT /api/settings': {
    kind: 'settings',
    why: 'the fiscal year, no figure; refused once a year holds data (settings.test.ts)',
  },
  'POST /api/years/:year/versions': { kind: 'versions', why: 'copies the forecast into a version, writes no figure' },
  'PUT /api/years/:year/versions/:id/reference': { kind: 'versions', why: 'a flag of a version, no figure' },
  'DELETE /api/years/:year/versions/:id': { kind: 'versions', why: 'a version, no figure' },
  'POST /api/years/:year/signoff/:clientId': {
    kind: 'signoff',
    why: 'a status, and on validation a version; writes no figure',
  },
  'POST /api/accounting/fec/preview': { kind: 'accounting', why: 'writes nothing' },
  'POST /api/accounting/fec/apply': {
    kind: 'accounting',
    why: 'skips closed months and answers their differences (accounting.test.ts: never writes a closed month)',
  },
};

describe('the writing routes', () => {
  it('are every non-GET route of the app, each classified', async () => {
    const t = await createTestApp();
    open.push(t);
    const writing = t.app.routes
      .filter((route) => route.method !== 'GET' && route.method !== 'ALL')
      .map((route) => `${route.method} ${route.path}`);
    expect([...new Set(writing)].sort()).toEqual(Object.keys(WRITING_ROUTES).sort());
  });

  for (const [route, spec] of Object.entries(WRITING_ROUTES)) {
    if (spec.kind === 'guarded') {
      it(`${route}: refused with period_locked while January is closed, nothing changed; allowed once reopened`, async () => {
        const f = await fixture();
        expect((await close(f)).status).toBe(200);
        const before = await everything(f);
        const refused = await spec.call(f);
        expect(refused.status).toBe(409);
        const { error } = refused.json as ApiErrorBody;
        expect(error.code).toBe('period_locked');
        expect(error.message).toContain(`Janvier ${Y} est clôturé`);
        expect(await everything(f)).toEqual(before);

        expect((await reopen(f)).status).toBe(200);
        const allowed = await spec.call(f);
        expect(allowed.status, JSON.stringify(allowed.json)).toBeLessThan(300);
        expect(await everything(f)).not.toEqual(before);
      });
    }
    if (spec.kind === 'open') {
      it(`${route}: still works while January is closed (it changes no closed figure)`, async () => {
        const f = await fixture();
        expect((await close(f)).status).toBe(200);
        const res = await spec.call(f);
        expect(res.status, JSON.stringify(res.json)).toBeLessThan(300);
      });
    }
  }
});

describe('closing a month', () => {
  it('closes in order, reopens from the last with a reason, and records both in the history', async () => {
    const f = await fixture();
    expect((await f.r('GET', `/api/years/${Y}/locks`)).json).toEqual([]);

    const outOfOrder = await f.r('POST', `/api/years/${Y}/months/2/close`, {});
    expect(outOfOrder.status).toBe(409);
    expect((outOfOrder.json as ApiErrorBody).error.message).toContain("clôturez d'abord janvier");

    const jan = await close(f, 0, 'Factures reçues');
    expect(jan.status).toBe(200);
    expect(jan.json).toEqual([{ month: 0, closedAt: expect.any(String), closedBy: 'local', note: 'Factures reçues' }]);
    expect((await close(f, 0)).status).toBe(409);
    expect((await close(f, 1)).status).toBe(200);
    expect((await f.r<MonthLock[]>('GET', `/api/years/${Y}/locks`)).json.map((l) => l.month)).toEqual([0, 1]);
    // Another year is not closed by it.
    expect((await f.r('GET', `/api/years/${Y - 1}/locks`)).json).toEqual([]);

    const noReason = await f.r('POST', `/api/years/${Y}/months/1/reopen`, {});
    expect(noReason.status).toBe(400);
    const blankReason = await f.r('POST', `/api/years/${Y}/months/1/reopen`, { reason: '   ' });
    expect(blankReason.status).toBe(400);
    expect((blankReason.json as ApiErrorBody).error.message).toContain('motif');
    expect((await reopen(f, 0)).status).toBe(409);
    expect((await reopen(f, 1, 'Avoir oublié')).json).toEqual([expect.objectContaining({ month: 0 })]);

    const { entries } = (await f.r<{ entries: HistoryEntryWire[] }>('GET', `/api/history?year=${Y}&limit=3`)).json;
    expect(entries.map((e) => [e.source, e.actor, e.summary])).toEqual([
      ['clôture', 'local', `Réouverture de février ${Y} : Avoir oublié`],
      ['clôture', 'local', `Clôture de février ${Y}`],
      ['clôture', 'local', `Clôture de janvier ${Y} : Factures reçues`],
    ]);
    // A closing is undone by reopening, not by the generic undo.
    const undo = await f.r('POST', `/api/history/${entries[1]!.id}/undo`);
    expect(undo.status).toBe(409);
  });

  it('closes the years in order (m14): a later year waits for an unfinished earlier one, and reopens first', async () => {
    const f = await fixture();
    for (const month of [0, 1, 2]) expect((await close(f, month)).status).toBe(200);
    const before = await everything(f);
    const later = await f.r('POST', `/api/years/${Y + 1}/months/0/close`, {});
    expect({ status: later.status, json: later.json }).toEqual({
      status: 409,
      json: {
        error: {
          code: 'conflict',
          message: `Les exercices se clôturent dans l'ordre : terminez d'abord ${Y} (prochain mois : avril ${Y}).`,
        },
      },
    });
    expect(await everything(f)).toEqual(before);
    for (let month = 3; month < 12; month += 1) expect((await close(f, month)).status).toBe(200);
    expect((await f.r('POST', `/api/years/${Y + 1}/months/0/close`, {})).status).toBe(200);
    const early = await reopen(f, 11);
    expect({ status: early.status, json: early.json }).toEqual({
      status: 409,
      json: {
        error: {
          code: 'conflict',
          message: `Rouvrez d'abord les mois clôturés de ${Y + 1} (dernier : janvier ${Y + 1}).`,
        },
      },
    });
    expect((await f.r('POST', `/api/years/${Y + 1}/months/0/reopen`, { reason: 'Erreur' })).status).toBe(200);
    expect((await reopen(f, 11)).status).toBe(200);
  });

  it('refuses malformed months and years', async () => {
    const f = await fixture();
    expect((await f.r('POST', `/api/years/${Y}/months/12/close`, {})).status).toBe(400);
    expect((await f.r('POST', `/api/years/1999/months/0/close`, {})).status).toBe(400);
    expect((await f.r('POST', `/api/years/${Y}/months/0/close`, { note: 'x', extra: 1 })).status).toBe(400);
  });

  it('lets open cells of the batch-free paths through, and refuses a change made behind the routes', async () => {
    const f = await fixture();
    await close(f);
    // February is open; a line added in January holds only zeros; a line of zeros can go.
    expect(
      (await f.r('PATCH', `/api/cells${q}`, [{ lineId: f.typed.id, month: 1, field: 'reel', value: 6 }])).status,
    ).toBe(200);
    expect((await f.r('PUT', `/api/poles/${f.pole.id}/facture/1${q}`, { value: true })).status).toBe(200);
    expect((await f.r('DELETE', `/api/lines/${f.empty.id}${q}`)).status).toBe(204);
    // Writing the value a closed cell already holds changes nothing: not refused.
    expect(
      (await f.r('PATCH', `/api/cells${q}`, [{ lineId: f.typed.id, month: 0, field: 'reel', value: 100 }])).status,
    ).toBe(200);
    // The database itself refuses, whatever statement a future route would run.
    await expect(
      f.t.db.query(`update budget_monthly_data set reel = 1 where year = $1 and month_index = 0`, [Y]),
    ).rejects.toMatchObject({ code: 'BMLCK' });
    await expect(
      f.t.db.query(`update expertise_poles set facture[1] = false where year = $1`, [Y]),
    ).rejects.toMatchObject({ code: 'BMLCK' });
  });

  it('lists what looks unfinished before closing', async () => {
    const f = await fixture();
    // Meta: forecast purchases in January, no actual purchase; a second pole invoiced without actual sales.
    await f.r('PATCH', `/api/cells${q}`, [{ lineId: f.empty.id, month: 0, field: 'achat_previsionnel', value: 40 }]);
    const seo = (await f.r<Pole>('POST', `/api/clients/${f.client.id}/poles${q}`, { name: 'SEO', lines: ['Audit'] }))
      .json;
    await f.r('PUT', `/api/poles/${seo.id}/facture/0${q}`, { value: true });
    await f.r('PUT', `/api/poles/${f.pole.id}/facture/0${q}`, { value: false });
    const { items } = (await f.r<{ items: ChecklistItem[] }>('GET', `/api/years/${Y}/months/0/checklist`)).json;
    expect(items).toEqual([
      { kind: 'reel_not_invoiced', clientId: f.client.id, clientName: 'Acme', poleName: 'Paid', lineName: null },
      { kind: 'achat_missing', clientId: f.client.id, clientName: 'Acme', poleName: 'Paid', lineName: 'Meta' },
      { kind: 'invoiced_without_reel', clientId: f.client.id, clientName: 'Acme', poleName: 'SEO', lineName: null },
    ]);
    const feb = (await f.r<{ items: ChecklistItem[] }>('GET', `/api/years/${Y}/months/1/checklist`)).json;
    expect(feb.items).toEqual([
      { kind: 'reel_not_invoiced', clientId: f.client.id, clientName: 'Acme', poleName: 'Paid', lineName: null },
    ]);
  });

  it('lets an admin restore over a closed month, as its own entry', async () => {
    const f = await fixture();
    const backup = (await f.r('GET', '/api/backup')).json;
    await close(f);
    await f.r('PATCH', `/api/cells${q}`, [{ lineId: f.typed.id, month: 1, field: 'reel', value: 8 }]);
    expect((await f.r('POST', '/api/backup', backup)).status).toBe(200);
    const { entries } = (await f.r<{ entries: HistoryEntryWire[] }>('GET', '/api/history?limit=1')).json;
    expect(entries[0]!.source).toBe('restauration');
  });
});
