/**
 * Sign-off notifications and the sign-off statuses in the backup (docs/product.md#sign-off, ADR
 * 055), in accounts mode: a submission tells the admins, a validation or a send-back the
 * submitter (never the one who acts, nor who chose « Rien »); the version 2 backup holds the
 * statuses and restores them, a file without them leaves every budget a draft, a bad status is
 * refused in French with nothing changed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationsAnswer, SignoffAnswer, SignoffTransitionAnswer } from '@/domain/answers';
import type { AllYearsBackupWire, ClientWire as Client, PoleWire as Pole, SignoffBody } from '@/domain/schemas';
import { createAccountsTestApp } from '@/server/test/test-accounts';

const Y = 2045;

let t: Awaited<ReturnType<typeof createAccountsTestApp>>;
const cookie: Record<'admin' | 'other' | 'quiet' | 'editor', string> = { admin: '', other: '', quiet: '', editor: '' };
type Who = keyof typeof cookie;
const call = (who: Who, method: string, path: string, body?: unknown) =>
  t.call(method, path, { cookie: cookie[who], body });
const message = (res: { json: unknown }) => (res.json as { error: { message: string } }).error.message;
const move = (who: Who, clientId: string, body: SignoffBody) =>
  call(who, 'POST', `/api/years/${Y}/signoff/${clientId}`, body);
const bell = async (who: Who) => (await call(who, 'GET', '/api/notifications')).json as NotificationsAnswer;
const texts = async (who: Who) => (await bell(who)).items.map((n) => n.text);
const statuses = async () =>
  ((await call('admin', 'GET', `/api/years/${Y}/signoff`)).json as SignoffAnswer).map((s) => [s.clientId, s.status]);

/** A forecast typed in Alpha's February: refused while its budget is validated. */
const writeForecast = () =>
  call('admin', 'PATCH', `/api/cells?year=${Y}`, [{ lineId, month: 1, field: 'previsionnel', value: 5 }]);

let alpha: Client;
let beta: Client;
let lineId: string;
beforeAll(async () => {
  t = await createAccountsTestApp();
  await t.addUser('admin@agence.fr');
  cookie.admin = await t.signIn('admin@agence.fr', undefined, '192.0.2.1');
  alpha = (await call('admin', 'POST', `/api/clients?year=${Y}`, { name: 'Alpha' })).json as Client;
  beta = (await call('admin', 'POST', `/api/clients?year=${Y}`, { name: 'Bêta' })).json as Client;
  const pole = (await call('admin', 'POST', `/api/clients/${alpha.id}/poles?year=${Y}`, { name: 'Paid', lines: ['A'] }))
    .json as Pole;
  lineId = pole.lines[0]!.id;
  await call('admin', 'PATCH', `/api/cells?year=${Y}`, [{ lineId, month: 0, field: 'previsionnel', value: 100 }]);
  await call('admin', 'POST', `/api/clients/${beta.id}/poles?year=${Y}`, { name: 'SEO', lines: ['B'] });
  await t.addUser('other@agence.fr');
  cookie.other = await t.signIn('other@agence.fr', undefined, '192.0.2.2');
  await t.addUser('quiet@agence.fr');
  cookie.quiet = await t.signIn('quiet@agence.fr', undefined, '192.0.2.3');
  await call('quiet', 'PUT', '/api/notifications/settings', { level: 'none' });
  await t.addUser('editor@agence.fr', undefined, { role: 'editor', clientIds: [alpha.id] });
  cookie.editor = await t.signIn('editor@agence.fr', undefined, '192.0.2.4');
});
afterAll(() => t.db.close());

describe('sign-off notifications', () => {
  it('a submission tells every admin but one who chose « Rien », with the note and the place of the budget', async () => {
    expect((await move('editor', alpha.id, { to: 'soumis', note: 'Prêt pour relecture' })).status).toBe(200);
    const text = `editor@agence.fr a soumis le budget ${Y} de « Alpha » à validation : « Prêt pour relecture »`;
    for (const who of ['admin', 'other'] as const) {
      const { unread, items } = await bell(who);
      expect(unread).toBe(1);
      expect(items[0]).toMatchObject({
        kind: 'signoff',
        text,
        read: false,
        clientId: alpha.id,
        year: Y,
        lineId: null,
        month: null,
        field: null,
        commentId: null,
      });
    }
    expect(await texts('quiet')).toEqual([]);
    expect(await texts('editor')).toEqual([]);
  });

  it('a send-back tells the submitter, with the reason; the admin who acts is not told', async () => {
    expect((await move('admin', alpha.id, { to: 'brouillon', reason: 'Revoir le SEA' })).status).toBe(200);
    expect(await texts('editor')).toEqual([
      `admin@agence.fr a renvoyé en brouillon le budget ${Y} de « Alpha » : « Revoir le SEA »`,
    ]);
    expect((await bell('admin')).items).toHaveLength(1);
  });

  it('a validation tells the submitter; a reopening tells nobody', async () => {
    await move('editor', alpha.id, { to: 'soumis' });
    expect((await texts('other'))[0]).toBe(`editor@agence.fr a soumis le budget ${Y} de « Alpha » à validation`);
    expect((await move('other', alpha.id, { to: 'validé' })).status).toBe(200);
    expect((await texts('editor'))[0]).toBe(`other@agence.fr a validé le budget ${Y} de « Alpha »`);
    const before = await Promise.all((['admin', 'other', 'editor'] as const).map(texts));
    expect((await move('admin', alpha.id, { to: 'brouillon', reason: 'Nouveau devis' })).status).toBe(200);
    expect(await Promise.all((['admin', 'other', 'editor'] as const).map(texts))).toEqual(before);
  });

  it('an admin who submits is not told of their own submission; a refused transition tells nobody', async () => {
    const before = (await bell('admin')).items.length;
    await move('admin', beta.id, { to: 'soumis' });
    expect((await bell('admin')).items).toHaveLength(before);
    expect((await texts('other'))[0]).toBe(`admin@agence.fr a soumis le budget ${Y} de « Bêta » à validation`);
    const otherCount = (await bell('other')).items.length;
    expect((await move('editor', beta.id, { to: 'validé' })).status).toBe(404);
    expect((await move('admin', beta.id, { to: 'brouillon' })).status).toBe(400);
    expect((await bell('other')).items).toHaveLength(otherCount);
  });

  it('the editor sees the notifications of their clients only (the scope)', async () => {
    expect((await bell('editor')).items.every((n) => n.clientId === alpha.id)).toBe(true);
  });
});

describe('sign-off statuses in the backup', () => {
  let validated: SignoffTransitionAnswer;
  let file: AllYearsBackupWire;
  beforeAll(async () => {
    await move('editor', alpha.id, { to: 'soumis' });
    validated = (await move('admin', alpha.id, { to: 'validé' })).json as SignoffTransitionAnswer;
    file = (await call('admin', 'GET', '/api/backup')).json as AllYearsBackupWire;
  });

  it('holds each status with its author, note and the version its validation froze', () => {
    expect(file.signoffs?.map((s) => [s.clientId, s.year, s.status, s.by, s.versionId])).toEqual(
      [
        [alpha.id, Y, 'validé', 'admin@agence.fr', validated.versionId],
        [beta.id, Y, 'soumis', 'admin@agence.fr', null],
      ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );
    expect(file.versions?.some((v) => v.id === validated.versionId && v.clientId === alpha.id)).toBe(true);
  });

  it('restores the statuses: a validated budget stays locked', async () => {
    await move('admin', beta.id, { to: 'brouillon', reason: 'x' });
    expect((await call('admin', 'POST', '/api/backup', file)).status).toBe(200);
    expect(await statuses()).toEqual([
      [alpha.id, 'validé'],
      [beta.id, 'soumis'],
    ]);
    const write = await writeForecast();
    expect(write.status).toBe(409);
    expect((await call('admin', 'GET', '/api/backup')).json).toMatchObject({ signoffs: file.signoffs });
  });

  it('refuses a bad status, a client not listed, a version not in the file: 400 in French, nothing changed', async () => {
    const bad = (change: (s: NonNullable<AllYearsBackupWire['signoffs']>[number]) => void) => {
      const copy = structuredClone(file);
      change(copy.signoffs![0]!);
      return call('admin', 'POST', '/api/backup', copy);
    };
    const status = await bad((s) => Object.assign(s, { status: 'publié' }));
    expect([status.status, message(status)]).toEqual([
      400,
      expect.stringContaining('Le statut de validation doit valoir brouillon, soumis ou validé.'),
    ]);
    const client = await bad((s) => Object.assign(s, { clientId: '00000000-0000-4000-8000-000000000000' }));
    expect([client.status, message(client)]).toEqual([
      400,
      expect.stringContaining('Client absent de la liste : 00000000-0000-4000-8000-000000000000.'),
    ]);
    const version = await bad((s) => Object.assign(s, { status: 'validé', versionId: 999_999 }));
    expect([version.status, message(version)]).toEqual([
      400,
      expect.stringContaining(`Version de la validation introuvable en ${Y} : 999999.`),
    ]);
    const twice = structuredClone(file);
    twice.signoffs!.push({ ...twice.signoffs![0]! });
    const doubled = await call('admin', 'POST', '/api/backup', twice);
    expect([doubled.status, message(doubled)]).toEqual([400, expect.stringContaining('Deux statuts de validation')]);
    expect(await statuses()).toEqual([
      [alpha.id, 'validé'],
      [beta.id, 'soumis'],
    ]);
  });

  it('a file without statuses (an older one) restores every budget as a draft', async () => {
    const { signoffs: _gone, ...older } = file;
    expect((await call('admin', 'POST', '/api/backup', older)).status).toBe(200);
    expect(await statuses()).toEqual([
      [alpha.id, 'brouillon'],
      [beta.id, 'brouillon'],
    ]);
    const write = await writeForecast();
    expect(write.status).toBe(200);
  });
});
