/** Poles: add one with chosen lines, expand/collapse, invoiced months (custom lines: lines.routes.ts). */
import { Hono } from 'hono';
import { poleToWire } from '@/domain/codec';
import { addPoleBody, factureParams, idParams, setFactureBody, updatePoleBody } from '@/domain/schemas';
import type { Db } from '@/server/db/client';
import { notFound, readJson, validate } from '@/server/lib/errors';
import { CLIENT_NOT_FOUND, POLE_NOT_FOUND } from '@/server/lib/messages';
import { loadPole } from '../budget/budget.repo';
import { lockClient } from '../clients/clients.repo';
import { insertLines, lineNames } from '../lines/lines.repo';
import { findPoleByName, insertPole, setExpanded, setFacture } from './poles.repo';

export function polesRoutes(db: Db) {
  return new Hono()
    .post('/clients/:id/poles', async (c) => {
      const { id } = validate(idParams, c.req.param());
      const body = validate(addPoleBody, await readJson(c));
      const pole = await db.transaction(async (tx) => {
        // The client lock serialises two concurrent adds of the same pole name.
        if (!(await lockClient(tx, id))) throw notFound(CLIENT_NOT_FOUND);
        const poleId = (await findPoleByName(tx, id, body.name)) ?? (await insertPole(tx, id, body.name));
        const existing = new Set(await lineNames(tx, poleId));
        const fresh = [...new Set(body.lines)].filter((name) => !existing.has(name));
        await insertLines(tx, poleId, fresh);
        return loadPole(tx, poleId);
      });
      return c.json(pole && poleToWire(pole), 201);
    })
    .patch('/poles/:id', async (c) => {
      const { id } = validate(idParams, c.req.param());
      const body = validate(updatePoleBody, await readJson(c));
      const pole = await db.transaction(async (tx) => {
        if (!(await setExpanded(tx, id, body.isExpanded))) throw notFound(POLE_NOT_FOUND);
        return loadPole(tx, id);
      });
      return c.json(pole && poleToWire(pole));
    })
    .put('/poles/:id/facture/:month', async (c) => {
      const { id, month } = validate(factureParams, c.req.param());
      const body = validate(setFactureBody, await readJson(c));
      const pole = await db.transaction(async (tx) => {
        if (!(await setFacture(tx, id, month, body.value))) throw notFound(POLE_NOT_FOUND);
        return loadPole(tx, id);
      });
      return c.json(pole && poleToWire(pole));
    });
}
