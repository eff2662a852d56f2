/**
 * Poles of a client's year: add one with chosen lines, expand/collapse, invoiced months (custom
 * lines: lines.routes.ts). A pole id of another year than `?year=` is not found.
 */
import { Hono } from 'hono';
import { poleToWire } from '@/domain/codec';
import { addPoleBody, factureParams, idParams, setFactureBody, updatePoleBody } from '@/domain/schemas';
import type { Db } from '@/server/db/client';
import { notFound, readJson, validate, yearOf } from '@/server/lib/errors';
import { CLIENT_NOT_FOUND, poleNotFound } from '@/server/lib/messages';
import { loadPole } from '../budget/budget.repo';
import { lockClient } from '../clients/clients.repo';
import { insertLines, lineNames } from '../lines/lines.repo';
import { findPoleByName, insertPole, setExpanded, setFacture } from './poles.repo';

export function polesRoutes(db: Db) {
  return new Hono()
    .post('/clients/:id/poles', async (c) => {
      const { id } = validate(idParams, c.req.param());
      const year = yearOf(c);
      const body = validate(addPoleBody, await readJson(c));
      const pole = await db.transaction(async (tx) => {
        // The client lock serialises two concurrent adds of the same pole name.
        if (!(await lockClient(tx, id))) throw notFound(CLIENT_NOT_FOUND);
        const poleId = (await findPoleByName(tx, id, year, body.name)) ?? (await insertPole(tx, id, year, body.name));
        const existing = new Set(await lineNames(tx, poleId));
        const fresh = [...new Set(body.lines)].filter((name) => !existing.has(name));
        await insertLines(tx, poleId, year, fresh);
        return loadPole(tx, poleId);
      });
      return c.json(pole && poleToWire(pole), 201);
    })
    .patch('/poles/:id', async (c) => {
      const { id } = validate(idParams, c.req.param());
      const year = yearOf(c);
      const body = validate(updatePoleBody, await readJson(c));
      const pole = await db.transaction(async (tx) => {
        if (!(await setExpanded(tx, id, year, body.isExpanded))) throw notFound(poleNotFound(year));
        return loadPole(tx, id);
      });
      return c.json(pole && poleToWire(pole));
    })
    .put('/poles/:id/facture/:month', async (c) => {
      const { id, month } = validate(factureParams, c.req.param());
      const year = yearOf(c);
      const body = validate(setFactureBody, await readJson(c));
      const pole = await db.transaction(async (tx) => {
        if (!(await setFacture(tx, id, year, month, body.value))) throw notFound(poleNotFound(year));
        return loadPole(tx, id);
      });
      return c.json(pole && poleToWire(pole));
    });
}
