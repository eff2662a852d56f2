/** GET /api/budget — every client with its poles (the all-clients load of SPEC §7). */
import { Hono } from 'hono';
import type { Db } from '../../db/client';
import { readAllBudgets } from './budget.repo';

export function budgetRoutes(db: Db) {
  return new Hono().get('/budget', async (c) => c.json(await db.transaction(readAllBudgets)));
}
