/**
 * Sign-off (docs/product.md#sign-off, ADR 052), in accounts mode: every transition and refusal by
 * role and scope, a validation freezing the client's version, and a validated budget's forecast
 * refused on every write path (cells, paste, import, roll forward, landing, undo, deleting a line
 * or the client) while its actuals stay writable and a new line of zeros can be added.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignoffAnswer, SignoffTransitionAnswer, VersionsAnswer } from '@/domain/answers';
import type { ClientWire as Client, PoleWire as Pole, SignoffBody } from '@/domain/schemas';
import { createAccountsTestApp, errorMessage, threePeople, type Who } from '@/server/test/test-accounts';

const Y = 2044;

let t: Awaited<ReturnType<typeof createAccountsTestApp>>;
const { call, join } = threePeople(() => t);
const message = errorMessage;
const code = (res: { json: unknown }) => (res.json as { error: { code: string } }).error.code;

/** A client of `Y` with one pole « Paid » of one line holding 100 € forecast in January. */
async function budget(name: string) {
  const client = (await call('admin', 'POST', `/api/clients?year=${Y}`, { name })).json as Client;
  const pole = (
    await call('admin', 'POST', `/api/clients/${client.id}/poles?year=${Y}`, { name: 'Paid', lines: ['Search'] })
  ).json as Pole;
  const lineId = pole.lines[0]!.id;
  const saved = await call('admin', 'PATCH', `/api/cells?year=${Y}`, [
    { lineId, month: 0, field: 'previsionnel', value: 100 },
  ]);
  expect(saved.status, saved.text).toBe(200);
  return { client, pole, lineId };
}
const move = (who: Who, clientId: string, body: SignoffBody) =>
  call(who, 'POST', `/api/years/${Y}/signoff/${clientId}`, body);

let alpha: Awaited<ReturnType<typeof budget>>;
let beta: Awaited<ReturnType<typeof budget>>;
beforeAll(async () => {
  t = await createAccountsTestApp();
  await join('admin');
  alpha = await budget('Alpha Validation');
  beta = await budget('Bêta Validation');
  await join('editor', [alpha.client.id]);
  await join('viewer');
});
afterAll(() => t.db.close());

describe('transitions', () => {
  it('lists every client of the year as a draft, within the scope', async () => {
    const all = (await call('admin', 'GET', `/api/years/${Y}/signoff`)).json as SignoffAnswer;
    expect(all.map((s) => [s.clientId, s.status, s.at])).toEqual([
      [alpha.client.id, 'brouillon', null],
      [beta.client.id, 'brouillon', null],
    ]);
    const mine = (await call('editor', 'GET', `/api/years/${Y}/signoff`)).json as SignoffAnswer;
    expect(mine.map((s) => s.clientId)).toEqual([alpha.client.id]);
  });

  it('refuses, in French and changing nothing: a viewer, a client out of scope, a skipped step, a missing reason', async () => {
    const viewer = await move('viewer', alpha.client.id, { to: 'soumis' });
    expect(viewer.status).toBe(403);
    expect((await move('editor', beta.client.id, { to: 'soumis' })).status).toBe(404);
    const skipped = await move('admin', alpha.client.id, { to: 'validé' });
    expect([skipped.status, message(skipped)]).toEqual([
      409,
      'Un budget « Brouillon » ne peut pas passer à « Validé ».',
    ]);
    expect((await move('admin', alpha.client.id, { to: 'publié' } as unknown as SignoffBody)).status).toBe(400);
    expect((await move('admin', alpha.client.id, { to: 'soumis', note: 'x'.repeat(2001) })).status).toBe(400);
    const unknown = await move('admin', '00000000-0000-4000-8000-000000000000', { to: 'soumis' });
    expect(unknown.status).toBe(404);
    const all = (await call('admin', 'GET', `/api/years/${Y}/signoff`)).json as SignoffAnswer;
    expect(all.every((s) => s.status === 'brouillon')).toBe(true);
  });

  it('an editor submits, an admin sends back with a reason, the editor submits again, the admin validates', async () => {
    const submitted = await move('editor', alpha.client.id, { to: 'soumis', note: 'Budget prêt' });
    expect(submitted.status, submitted.text).toBe(200);
    expect(submitted.json).toMatchObject({
      status: 'soumis',
      by: 'editor@agence.fr',
      note: 'Budget prêt',
      versionId: null,
    });

    expect((await move('editor', alpha.client.id, { to: 'validé' })).status).toBe(403);
    const noReason = await move('admin', alpha.client.id, { to: 'brouillon', reason: '  ' });
    expect([noReason.status, message(noReason)]).toEqual([400, 'Indiquez le motif du renvoi.']);
    const back = await move('admin', alpha.client.id, { to: 'brouillon', reason: 'Revoir le SEA' });
    expect(back.json).toMatchObject({ status: 'brouillon', note: 'Revoir le SEA' });

    await move('editor', alpha.client.id, { to: 'soumis' });
    const validated = (await move('admin', alpha.client.id, { to: 'validé' })).json as SignoffTransitionAnswer;
    expect(validated).toMatchObject({ status: 'validé', by: 'admin@agence.fr', versionId: expect.any(Number) });

    // The validation froze a version of this client only, never the reference.
    const versions = (await call('admin', 'GET', `/api/years/${Y}/versions`)).json as VersionsAnswer;
    const version = versions.find((v) => v.id === validated.versionId)!;
    expect(version.name).toMatch(/^Validé le \d\d\/\d\d\/\d{4} · Alpha Validation$/);
    expect(version).toMatchObject({ reference: false, clientId: alpha.client.id });
    // It holds one client: it can never be the year's reference.
    const asReference = await call('admin', 'PUT', `/api/years/${Y}/versions/${version.id}/reference`);
    expect([asReference.status, message(asReference)]).toEqual([
      409,
      `La version « ${version.name} » ne tient qu'un client (figée par une validation) : elle ne peut pas être la référence de l'exercice.`,
    ]);
    const frozen = (await call('admin', 'GET', `/api/years/${Y}/versions/${version.id}?clientId=${alpha.client.id}`))
      .json as Pole[];
    expect(frozen[0]!.lines[0]!.previsionnel[0]).toBe(100);
    expect(
      (await call('admin', 'GET', `/api/years/${Y}/versions/${version.id}?clientId=${beta.client.id}`)).json,
    ).toEqual([]);

    // Every step is an entry of the client's history, which undo refuses.
    const history = (await call('admin', 'GET', `/api/history?clientId=${alpha.client.id}&year=${Y}`)).json as {
      entries: { id: number; source: string; summary: string }[];
    };
    const steps = history.entries.filter((e) => e.source === 'validation').map((e) => e.summary);
    expect(steps).toEqual([
      `Budget ${Y} validé`,
      `Budget ${Y} soumis`,
      `Budget ${Y} renvoyé en brouillon : Revoir le SEA`,
      `Budget ${Y} soumis : Budget prêt`,
    ]);
    const undo = await call('admin', 'POST', `/api/history/${validated.historyId}/undo`);
    expect(undo.status).toBe(409);
  });
});

describe('a validated budget', () => {
  // Alpha was validated above (the describes run in order, in one file).
  it('refuses every forecast write with 409 budget_validated, and changes nothing', async () => {
    const { lineId, client, pole } = alpha;
    const refused = async (res: { status: number; json: unknown; text: string }) => {
      expect(res.status, res.text).toBe(409);
      expect(code(res)).toBe('budget_validated');
      expect(message(res)).toBe(
        `Le budget ${Y} de « Alpha Validation » est validé : ses prévisions ne peuvent plus changer. Un administrateur peut le rouvrir (avec un motif).`,
      );
    };
    const cell = (field: string, value: number, month = 1) => [{ lineId, month, field, value }];
    // An earlier change, to undo below.
    const before = await call('admin', 'GET', `/api/history?clientId=${client.id}&year=${Y}`);
    // The oldest typed entry: the 100 € forecast of January (newest first).
    const edit = (before.json as { entries: { id: number; source: string }[] }).entries
      .filter((e) => e.source === 'saisie')
      .at(-1)!;

    await refused(await call('editor', 'PATCH', `/api/cells?year=${Y}`, cell('previsionnel', 5)));
    await refused(await call('admin', 'PATCH', `/api/cells?year=${Y}&source=collage`, cell('achat_previsionnel', 5)));
    await refused(await call('admin', 'POST', `/api/import?year=${Y}`, { lines: [], cells: cell('previsionnel', 7) }));
    await refused(
      await call('admin', 'POST', `/api/import?year=${Y}`, {
        lines: [{ clientId: client.id, pole: pole.name, name: 'Importée' }],
        cells: [{ newLine: 0, month: 2, field: 'previsionnel', value: 9 }],
      }),
    );
    await refused(await call('admin', 'POST', `/api/history/${edit.id}/undo`));
    // An actual in January: the landing has months after it to write.
    expect((await call('admin', 'PATCH', `/api/cells?year=${Y}`, cell('reel', 60, 0))).status).toBe(200);
    await refused(
      await call('admin', 'POST', `/api/years/${Y}/landing`, {
        clients: [client.id],
        method: 'run-rate',
        mode: 'overwrite',
        dryRun: false,
      }),
    );
    await refused(await call('admin', 'DELETE', `/api/lines/${lineId}?year=${Y}`));
    await refused(await call('admin', 'DELETE', `/api/clients/${client.id}`));

    const poles = (await call('admin', 'GET', `/api/clients/${client.id}/budget?year=${Y}`)).json as Pole[];
    expect(poles.map((p) => p.lines.map((l) => [l.name, l.previsionnel.slice(0, 3)]))).toEqual([
      [['Search', [100, 0, 0]]],
    ]);
  });

  it('refuses a roll forward filling it from the year before', async () => {
    const previous = await call('admin', 'POST', `/api/clients/${alpha.client.id}/poles?year=${Y - 1}`, {
      name: 'Paid',
      lines: ['Search'],
    });
    const line = (previous.json as Pole).lines[0]!.id;
    await call('admin', 'PATCH', `/api/cells?year=${Y - 1}`, [
      { lineId: line, month: 1, field: 'previsionnel', value: 50 },
    ]);
    const res = await call('admin', 'POST', `/api/years/${Y}/rollforward`, {
      from: Y - 1,
      clients: [alpha.client.id],
      figures: 'previsionnel',
      upliftSales: 0,
      upliftPurchases: 0,
      mode: 'fill-empty',
      dryRun: false,
    });
    expect([res.status, code(res)]).toEqual([409, 'budget_validated']);
  });

  it('keeps its actuals writable, and a new line of zeros', async () => {
    const actual = await call('editor', 'PATCH', `/api/cells?year=${Y}`, [
      { lineId: alpha.lineId, month: 0, field: 'reel', value: 80 },
      { lineId: alpha.lineId, month: 0, field: 'achat', value: 20 },
    ]);
    expect(actual.status, actual.text).toBe(200);
    const added = await call('editor', 'POST', `/api/poles/${alpha.pole.id}/lines?year=${Y}`, { name: 'Nouvelle' });
    expect(added.status, added.text).toBe(201);
  });

  it("leaves another client's forecast writable", async () => {
    const res = await call('admin', 'PATCH', `/api/cells?year=${Y}`, [
      { lineId: beta.lineId, month: 1, field: 'previsionnel', value: 3 },
    ]);
    expect(res.status, res.text).toBe(200);
  });

  it('is writable again once an admin reopens it with a reason', async () => {
    expect((await move('admin', alpha.client.id, { to: 'brouillon' })).status).toBe(400);
    const reopened = await move('admin', alpha.client.id, { to: 'brouillon', reason: 'Nouveau devis' });
    expect(reopened.json).toMatchObject({ status: 'brouillon', note: 'Nouveau devis' });
    const res = await call('editor', 'PATCH', `/api/cells?year=${Y}`, [
      { lineId: alpha.lineId, month: 1, field: 'previsionnel', value: 5 },
    ]);
    expect(res.status, res.text).toBe(200);
  });
});
