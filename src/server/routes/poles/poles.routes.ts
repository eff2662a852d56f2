/** Poles: add one with chosen lines, expand/collapse, invoiced months, custom lines. */
import { Hono } from 'hono';
import { lineToWire, poleToWire } from '../../../domain/codec';
import {
  addLineBody,
  addPoleBody,
  factureParams,
  idParams,
  setFactureBody,
  updatePoleBody,
} from '../../../domain/schemas';
import type { Db } from '../../db/client';
import { conflict, notFound, readJson, validate } from '../../lib/errors';
import { loadPole } from '../budget/budget.repo';
import { lockClient } from '../clients/clients.repo';
import { CLIENT_NOT_FOUND } from '../clients/clients.routes';
import { findPoleByName, insertLines, insertPole, lineNames, lockPole, setExpanded, setFacture } from './poles.repo';

const POLE_NOT_FOUND = 'Pôle introuvable.';

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
    })
    .post('/poles/:id/lines', async (c) => {
      const { id } = validate(idParams, c.req.param());
      const body = validate(addLineBody, await readJson(c));
      const line = await db.transaction(async (tx) => {
        if (!(await lockPole(tx, id))) throw notFound(POLE_NOT_FOUND);
        if ((await lineNames(tx, id)).includes(body.name)) {
          throw conflict(`Une ligne « ${body.name} » existe déjà dans ce pôle.`);
        }
        const [lineId] = await insertLines(tx, id, [body.name]);
        const pole = await loadPole(tx, id);
        return pole?.lines.find((l) => l.id === lineId);
      });
      return c.json(line && lineToWire(line), 201);
    });
}
