/**
 * Driver lines (docs/product.md#driver-lines, ADR 059): PUT /api/lines/:id/driver makes a line
 * computed — its `measure` = `percent` % of the sum of `sourceMeasure` over a pole's other lines
 * or listed lines of the same client and year — and DELETE /api/lines/:id/driver makes it typed
 * again (its figures stay). Each change is one history entry holding the cells it recomputed; a
 * cycle is refused (400), as a source outside the line's client and year.
 */
import type { LineAnswer } from '@/domain/answers';
import { Hono, type Context } from 'hono';
import { driverFromWire, lineToWire } from '@/domain/codec';
import { driverDescription, type LineDriver } from '@/domain/drivers';
import { SUMMARIES } from '@/domain/history';
import { idParams, lineDriverSchema } from '@/domain/schemas';
import type { Db } from '@/server/db/client';
import { actorOf } from '@/server/lib/actor';
import { ApiError, notFound, readJson, validate, yearOf } from '@/server/lib/errors';
import { driverCycle, driverSelfSource, driverSourceNotFound, lineNotFound } from '@/server/lib/messages';
import { guardLines } from '@/server/policy/policy';
import { loadClientBudget } from '../budget/budget.repo';
import { insertEntry } from '../history/history.repo';
import { lockLineOwner } from '../lines/lines.repo';
import { cycleWith, deleteDriver, recomputeInto, saveDriver } from './drivers.repo';

const invalid = (message: string) => new ApiError(400, 'validation', message);

export function driversRoutes(db: Db) {
  /** Sets line `:id`'s driver to `next` (null: typed) in one transaction; answers the line. */
  const setDriver = async (c: Context, id: string, year: number, next: LineDriver | null) => {
    const line = await db.transaction(async (tx) => {
      const clientId = await lockLineOwner(tx, id, year);
      if (!clientId) throw notFound(lineNotFound(year));
      const budget = await loadClientBudget(tx, clientId, year);
      const pole = budget.find((p) => p.lines.some((l) => l.id === id.toLowerCase()))!;
      const before = pole.lines.find((l) => l.id === id.toLowerCase())!;
      if (next) {
        if ('pole' in next.sources) {
          const source = next.sources.pole;
          if (!budget.some((p) => p.id === source)) throw invalid(driverSourceNotFound('pole'));
        } else {
          const ids = new Set(budget.flatMap((p) => p.lines.map((l) => l.id)));
          if (next.sources.lineIds.some((l) => !ids.has(l))) throw invalid(driverSourceNotFound('line'));
          if (next.sources.lineIds.includes(before.id)) throw invalid(driverSelfSource);
        }
        const cycle = cycleWith(budget, before.id, next);
        if (cycle) throw invalid(driverCycle(cycle));
      }
      const old = before.driver ?? null;
      if (JSON.stringify(old) === JSON.stringify(next)) return before;
      if (next) await saveDriver(tx, before.id, next);
      else await deleteDriver(tx, before.id);
      const entryId = await insertEntry(tx, {
        actor: actorOf(c),
        source: 'structure',
        clientId,
        year,
        summary: next
          ? SUMMARIES.driverSet(pole.name, before.name, driverDescription(budget, before.id, next))
          : SUMMARIES.driverRemoved(pole.name, before.name),
        // Cells first: undoing makes the line typed again, then puts its typed figures back.
        ops: [{ op: 'cells' }, { op: 'set_driver', lineId: before.id, old, new: next }],
      });
      await recomputeInto(tx, [clientId], year, entryId);
      return (await loadClientBudget(tx, clientId, year)).flatMap((p) => p.lines).find((l) => l.id === before.id)!;
    });
    return c.json(lineToWire(line) satisfies LineAnswer);
  };

  return new Hono()
    .put('/lines/:id/driver', async (c) => {
      const { id } = validate(idParams, c.req.param());
      const year = await yearOf(c);
      await guardLines(c, db, [id], year);
      const driver = driverFromWire(validate(lineDriverSchema, await readJson(c)));
      return setDriver(c, id, year, driver);
    })
    .delete('/lines/:id/driver', async (c) => {
      const { id } = validate(idParams, c.req.param());
      const year = await yearOf(c);
      await guardLines(c, db, [id], year);
      return setDriver(c, id, year, null);
    });
}
