/** GET /api/budget — every client with its poles (the all-clients load of docs/product.md#api-routes). */
import { Hono } from 'hono';
import { budgetDataToWire, clientsToWire } from '@/domain/codec';
import type { Db } from '@/server/db/client';
import { readAllBudgets } from './budget.repo';

export function budgetRoutes(db: Db) {
  return new Hono().get('/budget', async (c) => {
    const { clients, budgetData } = await db.transaction(readAllBudgets);
    return c.json({ clients: clientsToWire(clients), budgetData: budgetDataToWire(budgetData) });
  });
}
