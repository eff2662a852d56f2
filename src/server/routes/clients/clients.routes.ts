/**
 * /api/clients: list, create, rename or set the initial forecast, delete, read one budget. The
 * forecasts and the budget are those of `?year=` (docs/product.md#budget-years); clients span years.
 */
import { Hono } from 'hono';
import { clientChangesFromWire, clientToWire, clientsToWire, polesToWire } from '@/domain/codec';
import { createClientBody, idParams, updateClientBody } from '@/domain/schemas';
import type { Db } from '@/server/db/client';
import { decodeAmounts, notFound, readJson, validate, yearOf } from '@/server/lib/errors';
import { CLIENT_NOT_FOUND } from '@/server/lib/messages';
import { loadClientBudget } from '../budget/budget.repo';
import { deleteClient, findClient, insertClient, listClients, updateClient } from './clients.repo';

export function clientsRoutes(db: Db) {
  return new Hono()
    .get('/', async (c) => c.json(clientsToWire(await listClients(db, yearOf(c)))))
    .post('/', async (c) => {
      const year = yearOf(c);
      const body = validate(createClientBody, await readJson(c));
      return c.json(clientToWire(await db.transaction((tx) => insertClient(tx, body.name, year))), 201);
    })
    .patch('/:id', async (c) => {
      const { id } = validate(idParams, c.req.param());
      const year = yearOf(c);
      const changes = decodeAmounts(clientChangesFromWire, validate(updateClientBody, await readJson(c)));
      const client = await db.transaction((tx) => updateClient(tx, id, changes, year));
      if (!client) throw notFound(CLIENT_NOT_FOUND);
      return c.json(clientToWire(client));
    })
    .delete('/:id', async (c) => {
      const { id } = validate(idParams, c.req.param());
      if (!(await deleteClient(db, id))) throw notFound(CLIENT_NOT_FOUND);
      return c.body(null, 204);
    })
    .get('/:id/budget', async (c) => {
      const { id } = validate(idParams, c.req.param());
      const year = yearOf(c);
      // One snapshot: the client check and the budget read see the same data.
      const poles = await db.transaction(async (tx) => {
        if (!(await findClient(tx, id, year))) throw notFound(CLIENT_NOT_FOUND);
        return loadClientBudget(tx, id, year);
      });
      return c.json(polesToWire(poles));
    });
}
