/**
 * Versions in the version 2 backup (docs/product.md#versions-and-landing, ADR 049): exported with
 * their reference mark, restored with their ids, a file without them still restores (and leaves
 * none), a bad version refused in French with nothing changed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedVersionAnswer, RestoreAnswer, VersionPolesAnswer, VersionsAnswer } from '@/domain/answers';
import type { AllYearsBackupWire, ClientWire as Client, PoleWire as Pole } from '@/domain/schemas';
import { createTestApp } from '@/server/test/test-db';

const Y = 2031;

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.db.close());

const list = async () => (await t.request<VersionsAnswer>('GET', `/api/years/${Y}/versions`)).json;
const read = async (id: number, clientId: string) =>
  (await t.request<VersionPolesAnswer>('GET', `/api/years/${Y}/versions/${id}?clientId=${clientId}`)).json;
const exported = async () => (await t.request<AllYearsBackupWire>('GET', '/api/backup')).json;
const message = (res: { json: unknown }) => (res.json as { error: { message: string } }).error.message;

describe('versions in the backup', () => {
  let kept: Client;
  let gone: Client;
  let initial: CreatedVersionAnswer;
  let june: CreatedVersionAnswer;
  beforeAll(async () => {
    kept = (await t.request<Client>('POST', `/api/clients?year=${Y}`, { name: 'Gardé' })).json;
    gone = (await t.request<Client>('POST', `/api/clients?year=${Y}`, { name: 'Parti' })).json;
    for (const client of [kept, gone]) {
      const pole = (
        await t.request<Pole>('POST', `/api/clients/${client.id}/poles?year=${Y}`, { name: 'Paid', lines: ['A', 'B'] })
      ).json;
      const cells = [
        { lineId: pole.lines[1]!.id, month: 0, field: 'previsionnel', value: 1234.56 },
        { lineId: pole.lines[0]!.id, month: 11, field: 'achat_previsionnel', value: -7.5 },
      ];
      expect((await t.request('PATCH', `/api/cells?year=${Y}`, cells)).status).toBe(200);
      await t.request('PATCH', `/api/clients/${client.id}?year=${Y}`, { prevision_mb_annuelle_debut: 900.1 });
    }
    initial = (await t.request<CreatedVersionAnswer>('POST', `/api/years/${Y}/versions`, { name: 'Budget initial' }))
      .json;
    june = (await t.request<CreatedVersionAnswer>('POST', `/api/years/${Y}/versions`, { name: 'Révision juin' })).json;
    expect((await t.request('PUT', `/api/years/${Y}/versions/${june.id}/reference`)).status).toBe(200);
    // A version outlives the clients it froze.
    expect((await t.request('DELETE', `/api/clients/${gone.id}`)).status).toBe(204);
  });

  it('exports every version with its reference mark, clients and frozen poles', async () => {
    const doc = await exported();
    expect(doc.versions?.map((v) => [v.id, v.year, v.name, v.reference])).toEqual([
      [initial.id, Y, 'Budget initial', false],
      [june.id, Y, 'Révision juin', true],
    ]);
    const version = doc.versions![0]!;
    expect(version.clients).toContainEqual({ id: gone.id, prevision_mb_annuelle_debut: 900.1 });
    expect(version.budgetData[gone.id]![0]!.lines[1]!.previsionnel[0]).toBe(1234.56);
    expect(version.budgetData[kept.id]).toEqual(await read(initial.id, kept.id));
  });

  it('round-trips: restored with ids, reference and contents; the next freeze gets a new id', async () => {
    const before = await list();
    const frozen = await read(june.id, gone.id);
    const first = await exported();
    const res = await t.request('POST', '/api/backup', first);
    expect(res.status).toBe(200);
    expect(await list()).toEqual(before);
    expect(await read(june.id, gone.id)).toEqual(frozen);
    expect({ ...(await exported()), exportDate: '' }).toEqual({ ...first, exportDate: '' });

    const next = await t.request<CreatedVersionAnswer>('POST', `/api/years/${Y}/versions`, { name: 'Septembre' });
    expect(next.status).toBe(201);
    expect(next.json.id).toBeGreaterThan(june.id);
    expect(next.json.reference).toBe(false);
    expect((await t.request('DELETE', `/api/years/${Y}/versions/${next.json.id}`)).status).toBe(204);
  });

  it('refuses a file whose versions are inconsistent, in French, changing nothing', async () => {
    const before = await list();
    const doc = await exported();
    const twoReferences = { ...doc, versions: doc.versions!.map((v) => ({ ...v, reference: true })) };
    const sameId = { ...doc, versions: doc.versions!.map((v) => ({ ...v, id: initial.id })) };
    const sameName = { ...doc, versions: doc.versions!.map((v) => ({ ...v, name: ' budget INITIAL ' })) };
    // A validation's version holds one client: never the year's reference (docs/product.md#sign-off).
    const oneClientReference = {
      ...doc,
      versions: doc.versions!.map((v) => (v.reference ? { ...v, clientId: v.clients[0]!.id } : v)),
    };
    for (const [file, text] of [
      [twoReferences, `Plusieurs versions de référence en ${Y}.`],
      [sameId, `Version en double : ${initial.id}.`],
      [sameName, `Deux versions de ${Y} portent le nom « budget INITIAL ».`],
      [oneClientReference, `ne tient qu'un client (figée par une validation) : elle ne peut pas être la référence`],
    ] as const) {
      const res = await t.request('POST', '/api/backup', file);
      expect(res.status).toBe(400);
      expect(message(res)).toContain(text);
    }
    expect(await list()).toEqual(before);
  });

  it('restores an older backup without versions: everything replaced, no version left', async () => {
    const { versions: _versions, ...older } = await exported();
    const res = await t.request<RestoreAnswer>('POST', '/api/backup', older);
    expect(res.status).toBe(200);
    expect(await list()).toEqual([]);
    expect((await exported()).versions).toEqual([]);
    // Undoing that restore brings the versions back.
    expect((await t.request('POST', `/api/history/${res.json.historyId}/undo`)).status).toBe(200);
    expect((await list()).map((v) => v.name)).toEqual(['Budget initial', 'Révision juin']);
  });
});
