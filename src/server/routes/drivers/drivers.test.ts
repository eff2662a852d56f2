/**
 * Driver lines (docs/product.md#driver-lines): PUT/DELETE /api/lines/:id/driver, the computed
 * cells recomputed in the transaction of every change of a source (cell save, undo, deletion of a
 * line, import), read-only (409 `driver_line`), cycles refused (400), in history and the backup.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryEntryWire, HistoryPageAnswer, LineAnswer, UndoAnswer } from '@/domain/answers';
import type { ApiErrorBody } from '@/domain/api-error';
import type { AllYearsBackupDocument } from '@/domain/files/backup-json';
import type { ClientWire, LineWire, PoleWire } from '@/domain/schemas';
import { createTestApp } from '@/server/test/test-db';

const Y = 2031;
const q = `?year=${Y}`;
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.db.close());

/** A client with a Paid pole (Google, Meta, Frais de gestion Paid) and an SEO pole (Audit). */
async function budget(name: string) {
  const client = (await t.request<ClientWire>('POST', `/api/clients${q}`, { name })).json;
  const paid = (
    await t.request<PoleWire>('POST', `/api/clients/${client.id}/poles${q}`, {
      name: 'Paid',
      lines: ['Google', 'Meta', 'Frais de gestion Paid'],
    })
  ).json;
  const seo = (
    await t.request<PoleWire>('POST', `/api/clients/${client.id}/poles${q}`, { name: 'SEO', lines: ['Audit'] })
  ).json;
  const [google, meta, fees] = paid.lines as [LineWire, LineWire, LineWire];
  const saved = await t.request('PATCH', `/api/cells${q}`, [
    { lineId: google.id, month: 0, field: 'achat_previsionnel', value: 1000 },
    { lineId: meta.id, month: 0, field: 'achat_previsionnel', value: 333.33 },
    { lineId: meta.id, month: 1, field: 'achat_previsionnel', value: 0.1 },
    { lineId: fees.id, month: 0, field: 'achat_previsionnel', value: 70 },
  ]);
  expect(saved.status).toBe(200);
  return { client, paid, seo, google, meta, fees, audit: seo.lines[0]! };
}
type B = Awaited<ReturnType<typeof budget>>;

const feesOfPaid = (b: B, percent = 15) => ({
  measure: 'previsionnel',
  percent,
  sourceMeasure: 'achat_previsionnel',
  sources: { pole: b.paid.id },
});
const put = (lineId: string, body: unknown) => t.request<LineAnswer>('PUT', `/api/lines/${lineId}/driver${q}`, body);
const lineOf = async (b: B, lineId: string) =>
  (await t.request<PoleWire[]>('GET', `/api/clients/${b.client.id}/budget${q}`)).json
    .flatMap((p) => p.lines)
    .find((l) => l.id === lineId)!;
const everything = async () => ({
  ...(await t.request<AllYearsBackupDocument>('GET', '/api/backup')).json,
  exportDate: '',
});
const lastEntry = async (b: B) =>
  (await t.request<HistoryPageAnswer>('GET', `/api/history?clientId=${b.client.id}&year=${Y}&limit=1`)).json
    .entries[0]!;
const cellsOf = (entry: HistoryEntryWire, lineId: string) =>
  entry.cells.filter((c) => c.lineId === lineId).map((c) => [c.month, c.field, c.old, c.new]);

describe('PUT /api/lines/:id/driver', () => {
  it("computes 'Frais de gestion Paid' = 15 % of the Paid pole's forecast purchases (itself left out), as one entry", async () => {
    const b = await budget('Alpha');
    const res = await put(b.fees.id, feesOfPaid(b));
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    // January: 15 % × (1 000 + 333,33) = 199,9995 → 200,00 (half away from zero); February 15 % × 0,10 = 0,015 → 0,02.
    expect(res.json.previsionnel.slice(0, 3)).toEqual([200, 0.02, 0]);
    expect(res.json.driver).toEqual(feesOfPaid(b));
    expect((await lineOf(b, b.fees.id)).driver).toEqual(feesOfPaid(b));
    const entry = await lastEntry(b);
    expect(entry.summary).toBe(
      'Ligne « Frais de gestion Paid » calculée : 15\u00a0% de « Achat prévisionnel » du pôle « Paid » (Paid)',
    );
    expect(cellsOf(entry, b.fees.id)).toEqual([
      [0, 'previsionnel', 0, 200],
      [1, 'previsionnel', 0, 0.02],
    ]);
    expect(entry.cellCount).toBe(2);
  });

  it('follows a source cell in the same entry, and refuses a write to a computed cell (409 driver_line, nothing changed)', async () => {
    const b = await budget('Bêta');
    await put(b.fees.id, feesOfPaid(b));
    const saved = await t.request<{ historyId: number }>('PATCH', `/api/cells${q}`, [
      { lineId: b.google.id, month: 0, field: 'achat_previsionnel', value: 2000 },
    ]);
    expect(saved.status).toBe(200);
    expect((await lineOf(b, b.fees.id)).previsionnel[0]).toBe(350); // 15 % × 2 333,33 = 349,9995
    const entry = await lastEntry(b);
    expect(entry.id).toBe(saved.json.historyId);
    expect(cellsOf(entry, b.fees.id)).toEqual([[0, 'previsionnel', 200, 350]]);
    expect(entry.cellCount).toBe(2);

    const before = await everything();
    const refused = await t.request<ApiErrorBody>('PATCH', `/api/cells${q}`, [
      { lineId: b.google.id, month: 2, field: 'achat_previsionnel', value: 5 },
      { lineId: b.fees.id, month: 0, field: 'previsionnel', value: 1 },
    ]);
    expect(refused.status).toBe(409);
    expect(refused.json.error.code).toBe('driver_line');
    expect(refused.json.error.message).toBe(
      'La ligne « Frais de gestion Paid » est calculée : son « Prévisionnel » ne se saisit pas. Pour la saisir, choisissez « Saisir cette ligne » dans son menu.',
    );
    expect(await everything()).toEqual(before);
    // Its other measures stay typed.
    const typed = await t.request('PATCH', `/api/cells${q}`, [
      { lineId: b.fees.id, month: 0, field: 'reel', value: 9 },
    ]);
    expect(typed.status).toBe(200);
  });

  it('refuses a direct and an indirect cycle in French (400), a source of another client, bad input; nothing changed', async () => {
    const b = await budget('Gamma');
    const other = await budget('Delta');
    expect((await put(b.fees.id, feesOfPaid(b))).status).toBe(200);
    // Audit (SEO) = 10 % of the fees' forecast sales; then the fees from the SEO pole's forecast sales: a loop.
    const audit = await put(b.audit.id, {
      measure: 'achat_previsionnel',
      percent: 10,
      sourceMeasure: 'previsionnel',
      sources: { lineIds: [b.fees.id] },
    });
    expect(audit.status).toBe(200);
    const before = await everything();
    const indirect = await put(b.google.id, {
      measure: 'achat_previsionnel',
      percent: 50,
      sourceMeasure: 'achat_previsionnel',
      sources: { pole: b.seo.id },
    });
    expect(indirect.status).toBe(400);
    expect((indirect.json as unknown as ApiErrorBody).error.message).toMatch(
      /^Calcul impossible : il formerait une boucle \(.*« Google ».*\)\. Une ligne calculée ne peut pas dépendre d'elle-même\.$/,
    );
    const direct = await put(b.meta.id, {
      measure: 'reel',
      percent: 1,
      sourceMeasure: 'reel',
      sources: { lineIds: [b.meta.id] },
    });
    expect([direct.status, (direct.json as unknown as ApiErrorBody).error.message]).toEqual([
      400,
      'Une ligne calculée ne peut pas être sa propre source.',
    ]);
    const foreign = await put(b.meta.id, { ...feesOfPaid(b), sources: { pole: other.paid.id } });
    expect([foreign.status, (foreign.json as unknown as ApiErrorBody).error.message]).toEqual([
      400,
      "Le pôle source n'existe pas chez ce client pour cet exercice.",
    ]);
    for (const bad of [
      { ...feesOfPaid(b), percent: 12.345 },
      { ...feesOfPaid(b), percent: -1 },
      { ...feesOfPaid(b), percent: 1000.01 },
      { ...feesOfPaid(b), sources: { lineIds: [] } },
      { ...feesOfPaid(b), sources: {} },
      { ...feesOfPaid(b), measure: 'marge' },
    ]) {
      const res = await put(b.meta.id, bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
    expect(await everything()).toEqual(before);
  });
});

describe('recomputed in the transaction of every change of a source', () => {
  it('undo of a source write, deletion of a source line and its undo, an import of a new line into the pole', async () => {
    const b = await budget('Epsilon');
    await put(b.fees.id, feesOfPaid(b, 10));
    expect((await lineOf(b, b.fees.id)).previsionnel[0]).toBe(133.33);
    const saved = await t.request<{ historyId: number }>('PATCH', `/api/cells${q}`, [
      { lineId: b.meta.id, month: 0, field: 'achat_previsionnel', value: 0 },
    ]);
    expect((await lineOf(b, b.fees.id)).previsionnel[0]).toBe(100);
    const undone = await t.request<UndoAnswer>('POST', `/api/history/${saved.json.historyId}/undo`);
    expect(undone.status, JSON.stringify(undone.json)).toBe(200);
    expect((await lineOf(b, b.fees.id)).previsionnel[0]).toBe(133.33);

    expect((await t.request('DELETE', `/api/lines/${b.google.id}${q}`)).status).toBe(204);
    expect((await lineOf(b, b.fees.id)).previsionnel[0]).toBe(33.33);
    const deletion = await lastEntry(b);
    expect(cellsOf(deletion, b.fees.id)).toEqual([[0, 'previsionnel', 133.33, 33.33]]);
    expect((await t.request('POST', `/api/history/${deletion.id}/undo`)).status).toBe(200);
    expect((await lineOf(b, b.fees.id)).previsionnel[0]).toBe(133.33);

    const imported = await t.request('POST', `/api/import${q}`, {
      lines: [{ clientId: b.client.id, pole: 'Paid', name: 'TikTok' }],
      cells: [{ newLine: 0, month: 0, field: 'achat_previsionnel', value: 66.67 }],
    });
    expect(imported.status, JSON.stringify(imported.json)).toBe(200);
    expect((await lineOf(b, b.fees.id)).previsionnel[0]).toBe(140);
  });

  it('DELETE makes the line typed again (figures kept); undo of the driver puts the typed figures back; redo', async () => {
    const b = await budget('Zêta');
    const set = await put(b.fees.id, feesOfPaid(b));
    expect(set.status).toBe(200);
    const setEntry = await lastEntry(b);
    const removed = await t.request<LineAnswer>('DELETE', `/api/lines/${b.fees.id}/driver${q}`);
    expect(removed.status).toBe(200);
    expect(removed.json.driver).toBeUndefined();
    expect(removed.json.previsionnel[0]).toBe(200);
    expect((await lastEntry(b)).summary).toBe('Ligne « Frais de gestion Paid » de nouveau saisie (Paid)');
    expect(
      (await t.request('PATCH', `/api/cells${q}`, [{ lineId: b.fees.id, month: 0, field: 'previsionnel', value: 1 }]))
        .status,
    ).toBe(200);
    // The entry of the removal is older now: undo the typed value, the removal, then the setting.
    const typedEntry = await lastEntry(b);
    expect((await t.request('POST', `/api/history/${typedEntry.id}/undo`)).status).toBe(200);
    const removal = (
      await t.request<HistoryPageAnswer>('GET', `/api/history?clientId=${b.client.id}&year=${Y}&limit=3`)
    ).json.entries[2]!;
    expect((await t.request('POST', `/api/history/${removal.id}/undo`)).status).toBe(200);
    expect((await lineOf(b, b.fees.id)).driver).toEqual(feesOfPaid(b));
    const undoSet = await t.request<UndoAnswer>('POST', `/api/history/${setEntry.id}/undo`);
    expect(undoSet.status, JSON.stringify(undoSet.json)).toBe(200);
    const typedAgain = await lineOf(b, b.fees.id);
    expect([typedAgain.driver, typedAgain.previsionnel[0], typedAgain.achat_previsionnel[0]]).toEqual([
      undefined,
      0,
      70,
    ]);
    const redo = await t.request<UndoAnswer>('POST', `/api/history/${undoSet.json.entry.id}/undo`);
    expect(redo.status, JSON.stringify(redo.json)).toBe(200);
    const computed = await lineOf(b, b.fees.id);
    expect([computed.driver, computed.previsionnel[0]]).toEqual([feesOfPaid(b), 200]);
  });
});

describe('the backup', () => {
  it('exports a line’s driver and restores it: the restored line still follows its sources', async () => {
    const b = await budget('Êta');
    await put(b.fees.id, { ...feesOfPaid(b), sources: { lineIds: [b.google.id] } });
    const file = (await t.request<AllYearsBackupDocument>('GET', '/api/backup')).json;
    const line = file.years
      .find((y) => y.year === Y)!
      .budgetData[b.client.id]!.flatMap((p) => p.lines)
      .find((l) => l.id === b.fees.id)!;
    expect(line.driver).toEqual({ ...feesOfPaid(b), sources: { lineIds: [b.google.id] } });
    await put(b.fees.id, feesOfPaid(b, 1));
    const restored = await t.request('POST', '/api/backup', file);
    expect(restored.status, JSON.stringify(restored.json)).toBe(200);
    expect((await lineOf(b, b.fees.id)).driver).toEqual({ ...feesOfPaid(b), sources: { lineIds: [b.google.id] } });
    await t.request('PATCH', `/api/cells${q}`, [
      { lineId: b.google.id, month: 0, field: 'achat_previsionnel', value: 10 },
    ]);
    expect((await lineOf(b, b.fees.id)).previsionnel[0]).toBe(1.5);

    // A hand-edited file whose drivers loop is refused whole, in French.
    const looped = structuredClone(file);
    looped.years
      .find((y) => y.year === Y)!
      .budgetData[b.client.id]!.flatMap((p) => p.lines)
      .find((l) => l.id === b.google.id)!.driver = {
      measure: 'achat_previsionnel',
      percent: 10,
      sourceMeasure: 'previsionnel',
      sources: { lineIds: [b.fees.id] },
    };
    const before = await everything();
    const refused = await t.request<ApiErrorBody>('POST', '/api/backup', looped);
    expect(refused.status).toBe(400);
    expect(refused.json.error.message).toMatch(
      /^Sauvegarde refusée \(2031\) : Calcul impossible : il formerait une boucle/,
    );
    expect(await everything()).toEqual(before);
  });
});
