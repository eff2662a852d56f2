/**
 * Poles of a client's year: add one with chosen lines, expand/collapse, invoiced months (custom
 * lines: lines.routes.ts), rename. A pole id of another year than `?year=` is not found. Adding poles and
 * lines and invoicing a month are history entries; expanding a pole is how a screen shows it, not
 * a change of data, and is not recorded.
 */
import { Hono } from 'hono';
import { poleToWire } from '@/domain/codec';
import { SUMMARIES, type HistoryOp } from '@/domain/history';
import { addPoleBody, factureParams, idParams, renameBody, setFactureBody, updatePoleBody } from '@/domain/schemas';
import type { Db } from '@/server/db/client';
import { actorOf } from '@/server/lib/actor';
import { conflict, notFound, readJson, validate, yearOf } from '@/server/lib/errors';
import { CLIENT_NOT_FOUND, poleAlreadyExists, poleNotFound } from '@/server/lib/messages';
import { guardClient, guardPole } from '@/server/policy/policy';
import { loadPole } from '../budget/budget.repo';
import { lockClient } from '../clients/clients.repo';
import { insertLines, lineNames } from '../lines/lines.repo';
import { insertEntry, snapshotLines, snapshotPoles } from '../history/history.repo';
import { findPoleByName, insertPole, lockPole, poleName, renamePole, setExpanded, setFacture } from './poles.repo';
import { readFiscalSettings } from '../settings/settings.repo';

export function polesRoutes(db: Db) {
  return new Hono()
    .post('/clients/:id/poles', async (c) => {
      const { id } = validate(idParams, c.req.param());
      guardClient(c, id);
      const year = await yearOf(c);
      const body = validate(addPoleBody, await readJson(c));
      const pole = await db.transaction(async (tx) => {
        // The client lock serialises two concurrent adds of the same pole name.
        if (!(await lockClient(tx, id))) throw notFound(CLIENT_NOT_FOUND);
        const existingPole = await findPoleByName(tx, id, year, body.name);
        const poleId = existingPole ?? (await insertPole(tx, id, year, body.name));
        const existing = new Set(await lineNames(tx, poleId));
        const fresh = [...new Set(body.lines)].filter((name) => !existing.has(name));
        const lineIds = await insertLines(tx, poleId, year, fresh);
        const ops: HistoryOp[] = existingPole ? [] : [{ op: 'insert_poles', poles: await snapshotPoles(tx, [poleId]) }];
        if (lineIds.length > 0) ops.push({ op: 'insert_lines', lines: await snapshotLines(tx, lineIds) });
        if (ops.length > 0) {
          await insertEntry(tx, {
            actor: actorOf(c),
            source: 'structure',
            clientId: id,
            year,
            summary: existingPole
              ? SUMMARIES.linesAdded(body.name, lineIds.length)
              : SUMMARIES.poleAdded(body.name, lineIds.length),
            ops,
          });
        }
        return loadPole(tx, poleId);
      });
      return c.json(pole && poleToWire(pole), 201);
    })
    .patch('/poles/:id', async (c) => {
      const { id } = validate(idParams, c.req.param());
      const year = await yearOf(c);
      const body = validate(updatePoleBody, await readJson(c));
      await guardPole(c, db, id, year);
      const pole = await db.transaction(async (tx) => {
        if (!(await setExpanded(tx, id, year, body.isExpanded))) throw notFound(poleNotFound(year));
        return loadPole(tx, id);
      });
      return c.json(pole && poleToWire(pole));
    })
    .put('/poles/:id/name', async (c) => {
      // Renaming in place (issue 13): a history entry, undone by renaming back; a name another
      // pole of the client's year holds is refused, as adding would merge into that pole.
      const { id } = validate(idParams, c.req.param());
      const year = await yearOf(c);
      await guardPole(c, db, id, year);
      const { name } = validate(renameBody, await readJson(c));
      const pole = await db.transaction(async (tx) => {
        const clientId = await lockPole(tx, id, year);
        if (!clientId) throw notFound(poleNotFound(year));
        const old = (await poleName(tx, id))!;
        if (old !== name) {
          const other = await findPoleByName(tx, clientId, year, name);
          if (other && other !== id) throw conflict(poleAlreadyExists(name));
          await renamePole(tx, id, name);
          await insertEntry(tx, {
            actor: actorOf(c),
            source: 'structure',
            clientId,
            year,
            summary: SUMMARIES.poleRenamed(old, name),
            ops: [{ op: 'rename_pole', poleId: id, old, new: name }],
          });
        }
        return loadPole(tx, id);
      });
      return c.json(pole && poleToWire(pole));
    })
    .put('/poles/:id/facture/:month', async (c) => {
      const { id, month } = validate(factureParams, c.req.param());
      const year = await yearOf(c);
      const body = validate(setFactureBody, await readJson(c));
      await guardPole(c, db, id, year);
      const pole = await db.transaction(async (tx) => {
        const clientId = await lockPole(tx, id, year);
        if (!clientId) throw notFound(poleNotFound(year));
        const [before] = await snapshotPoles(tx, [id]);
        await setFacture(tx, id, year, month, body.value);
        if (before && before.facture[month] !== body.value) {
          await insertEntry(tx, {
            actor: actorOf(c),
            source: 'structure',
            clientId,
            year,
            summary: SUMMARIES.facture(before.name, year, month, body.value, await readFiscalSettings(tx)),
            ops: [{ op: 'set_facture', poleId: id, month, old: !body.value, new: body.value }],
          });
        }
        return loadPole(tx, id);
      });
      return c.json(pole && poleToWire(pole));
    });
}
