/**
 * /api/clients: list, create, rename or set the initial forecast, delete, read one budget. The
 * forecasts and the budget are those of `?year=` (docs/product.md#budget-years); clients span years.
 * Creating, renaming, setting the forecast and deleting are history entries (docs/product.md#history);
 * a deletion keeps the client's every year in its entry, so undo brings it back. Two clients
 * cannot share a name, case, accents and blanks aside (409).
 */
import type { ClientAnswer, ClientsAnswer, PolesAnswer } from '@/domain/answers';
import { Hono } from 'hono';
import { clientChangesFromWire, clientToWire, clientsToWire, polesToWire } from '@/domain/codec';
import { attributesOf, CLIENT_ATTRIBUTE_TEXTS, sameManager } from '@/domain/client-attributes';
import { SUMMARIES, type HistoryOp } from '@/domain/history';
import { createClientBody, idParams, updateClientBody } from '@/domain/schemas';
import type { Db, Queryable } from '@/server/db/client';
import { actorOf } from '@/server/lib/actor';
import { ApiError, conflict, decodeAmounts, notFound, readJson, validate, yearOf } from '@/server/lib/errors';
import { CLIENT_NOT_FOUND, clientAlreadyExists } from '@/server/lib/messages';
import { accessOf, guardClient, requireCan, visible } from '@/server/policy/policy';
import { peopleOf } from '../comments/comments.repo';
import { loadClientBudget } from '../budget/budget.repo';
import { insertEntry, snapshotClient } from '../history/history.repo';
import {
  clientNameTaken,
  deleteClient,
  findClient,
  insertClient,
  listClients,
  lockClient,
  updateClient,
} from './clients.repo';

/**
 * With accounts, a manager is an active user who sees the client (docs/product.md#client-attributes),
 * named by their email: the one stored (lower case), or 400.
 */
async function managerOf(q: Queryable, clientId: string, manager: string): Promise<string> {
  const user = (await peopleOf(q, clientId)).find((p) => sameManager(p.email, manager));
  if (!user) {
    const message = CLIENT_ATTRIBUTE_TEXTS.managerNotUser(manager);
    throw new ApiError(400, 'validation', message, [{ path: 'manager', message }]);
  }
  return user.email.toLowerCase();
}

export function clientsRoutes(db: Db) {
  return new Hono()
    .get('/', async (c) =>
      c.json(clientsToWire(visible(c, await listClients(db, await yearOf(c)))) satisfies ClientsAnswer),
    )
    .post('/', async (c) => {
      requireCan(c, 'create');
      const year = await yearOf(c);
      const body = validate(createClientBody, await readJson(c));
      const client = await db.transaction(async (tx) => {
        // A name another client holds, case and accents aside, is refused: 409 (ADR 025).
        const taken = await clientNameTaken(tx, body.name);
        if (taken !== undefined) throw conflict(clientAlreadyExists(taken));
        const created = await insertClient(tx, body.name, year);
        const snapshot = (await snapshotClient(tx, created.id))!;
        await insertEntry(tx, {
          actor: actorOf(c),
          source: 'structure',
          clientId: created.id,
          year: null,
          summary: SUMMARIES.clientAdded(created.name),
          ops: [{ op: 'insert_client', client: snapshot }],
        });
        return created;
      });
      return c.json(clientToWire(client) satisfies ClientAnswer, 201);
    })
    .patch('/:id', async (c) => {
      const { id } = validate(idParams, c.req.param());
      guardClient(c, id);
      const year = await yearOf(c);
      const changes = decodeAmounts(clientChangesFromWire, validate(updateClientBody, await readJson(c)));
      const client = await db.transaction(async (tx) => {
        if (!(await lockClient(tx, id))) throw notFound(CLIENT_NOT_FOUND);
        const before = (await findClient(tx, id, year))!;
        if (changes.name !== undefined) {
          const taken = await clientNameTaken(tx, changes.name, id);
          if (taken !== undefined) throw conflict(clientAlreadyExists(taken));
        }
        if (typeof changes.manager === 'string' && accessOf(c).mode === 'accounts') {
          changes.manager = await managerOf(tx, id, changes.manager);
        }
        const after = (await updateClient(tx, id, changes, year))!;
        const ops: HistoryOp[] = [];
        const summaries: string[] = [];
        if (after.name !== before.name) {
          ops.push({ op: 'rename_client', clientId: id, old: before.name, new: after.name });
          summaries.push(SUMMARIES.clientRenamed(before.name, after.name));
        }
        const [oldDebut, newDebut] = [before.prevision_mb_annuelle_debut, after.prevision_mb_annuelle_debut];
        if (newDebut !== oldDebut) {
          ops.push({ op: 'set_debut', clientId: id, year, old: oldDebut, new: newDebut });
          summaries.push(SUMMARIES.debutSet(year, oldDebut, newDebut));
        }
        const [oldAttributes, newAttributes] = [attributesOf(before), attributesOf(after)];
        if (JSON.stringify(oldAttributes) !== JSON.stringify(newAttributes)) {
          ops.push({ op: 'set_attributes', clientId: id, old: oldAttributes, new: newAttributes });
          summaries.push(SUMMARIES.attributesSet(after.name, oldAttributes, newAttributes));
        }
        if (ops.length > 0) {
          const renameOnly = ops.every((op) => op.op === 'rename_client' || op.op === 'set_attributes');
          await insertEntry(tx, {
            actor: actorOf(c),
            source: 'structure',
            clientId: id,
            // A name and the attributes span years; the initial forecast is the year's.
            year: renameOnly ? null : year,
            summary: summaries.join(' ; '),
            ops,
          });
        }
        return after;
      });
      return c.json(clientToWire(client) satisfies ClientAnswer);
    })
    .delete('/:id', async (c) => {
      const { id } = validate(idParams, c.req.param());
      guardClient(c, id);
      await db.transaction(async (tx) => {
        if (!(await lockClient(tx, id))) throw notFound(CLIENT_NOT_FOUND);
        const snapshot = (await snapshotClient(tx, id))!;
        await deleteClient(tx, id);
        await insertEntry(tx, {
          actor: actorOf(c),
          source: 'structure',
          clientId: id,
          year: null,
          summary: SUMMARIES.clientDeleted(snapshot.name),
          ops: [{ op: 'delete_client', client: snapshot }],
        });
      });
      return c.body(null, 204);
    })
    .get('/:id/budget', async (c) => {
      const { id } = validate(idParams, c.req.param());
      guardClient(c, id, 'read');
      const year = await yearOf(c);
      // One snapshot: the client check and the budget read see the same data.
      const poles = await db.transaction(async (tx) => {
        if (!(await findClient(tx, id, year))) throw notFound(CLIENT_NOT_FOUND);
        return loadClientBudget(tx, id, year);
      });
      return c.json(polesToWire(poles) satisfies PolesAnswer);
    });
}
