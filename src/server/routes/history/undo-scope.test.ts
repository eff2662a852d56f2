/**
 * A4 (issue 34, docs/product.md#roles): what a scoped editor may not undo says why. Their own roll
 * forward over their two clients (an entry of no client) and their own deletion of a client (which
 * leaves their scope with it) are the admin's to undo; the editor is told so in French, not given
 * a bare 403 or 404. Another editor's deletion stays a 404; a viewer keeps the role's refusal.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryPageAnswer, RollForwardAnswerWire } from '@/domain/answers';
import type { ClientWire } from '@/domain/schemas';
import { alphaAndBeta, createAccountsTestApp, errorMessage, threePeople } from '@/server/test/test-accounts';

const Y = 2046;

let t: Awaited<ReturnType<typeof createAccountsTestApp>>;
const { call, join } = threePeople(() => t);
let alpha: ClientWire;
let beta: ClientWire;
beforeAll(async () => {
  t = await createAccountsTestApp();
  await join('admin');
  ({ alpha, beta } = await alphaAndBeta(call, Y));
  await join('editor', [alpha.id, beta.id]);
  await join('viewer');
});
afterAll(() => t.db.close());

const undo = (who: 'admin' | 'editor' | 'viewer', id: number) => call(who, 'POST', `/api/history/${id}/undo`);

describe('undo of what a scoped editor did over several clients or to a client gone', () => {
  it('a roll forward over both clients: the editor is told only an admin can undo it; the admin does', async () => {
    const rolled = await call('editor', 'POST', `/api/years/${Y + 1}/rollforward`, {
      from: Y,
      clients: 'all',
      figures: 'none',
    });
    expect(rolled.status, rolled.text).toBe(200);
    const { historyId } = rolled.json as RollForwardAnswerWire;
    const refused = await undo('editor', historyId!);
    expect([refused.status, errorMessage(refused)]).toEqual([
      403,
      "Cette modification porte sur plusieurs clients : seul un administrateur peut l'annuler (l'historique de chaque client garde ses cellules).",
    ]);
    const viewer = await undo('viewer', historyId!);
    expect(viewer.status).toBe(403);
    expect(errorMessage(viewer)).not.toContain('plusieurs clients');
    expect((await undo('admin', historyId!)).status).toBe(200);
  });

  it('their own deletion of a client: told why; the admin undoes it and the client is back', async () => {
    expect((await call('editor', 'DELETE', `/api/clients/${alpha.id}`)).status).toBe(204);
    const entries = (await call('admin', 'GET', `/api/history?clientId=${alpha.id}`)).json as HistoryPageAnswer;
    const deletion = entries.entries[0]!;
    expect(deletion.summary).toContain('Alpha');
    const refused = await undo('editor', deletion.id);
    expect([refused.status, errorMessage(refused)]).toEqual([
      403,
      "Ce client a été supprimé et n'est plus dans votre liste : seul un administrateur peut annuler sa suppression.",
    ]);
    expect((await undo('admin', deletion.id)).status).toBe(200);
    const clients = (await call('admin', 'GET', `/api/clients?year=${Y}`)).json as ClientWire[];
    expect(clients.map((c) => c.name)).toContain('Alpha');
  });

  it('someone else’s deletion of a client outside the scope stays a plain 404', async () => {
    const gamma = (await call('admin', 'POST', `/api/clients?year=${Y}`, { name: 'Gamma' })).json as ClientWire;
    expect((await call('admin', 'DELETE', `/api/clients/${gamma.id}`)).status).toBe(204);
    const entries = (await call('admin', 'GET', `/api/history?clientId=${gamma.id}`)).json as HistoryPageAnswer;
    expect((await undo('editor', entries.entries[0]!.id)).status).toBe(404);
  });
});
