/** GET /api/budget — every client with its poles (the all-clients load of SPEC §7). */
import { Hono } from 'hono';
import { budgetDataToWire, clientsToWire } from '../../../domain/codec';
import type { BudgetData } from '../../../domain/model';
import type { Db, Queryable } from '../../db/client';
import { listClientsByCreation } from '../clients/clients.repo';
import { loadAllBudgets } from './budget.repo';

/** Clients by creation and their budgets, read in one snapshot; every client has a key. */
export async function readEverything(q: Queryable) {
  const clients = await listClientsByCreation(q);
  const all = await loadAllBudgets(q);
  const budgetData: BudgetData = {};
  for (const client of clients) budgetData[client.id] = all.get(client.id) ?? [];
  return { clients, budgetData };
}

export function budgetRoutes(db: Db) {
  return new Hono().get('/budget', async (c) => {
    const { clients, budgetData } = await db.transaction(readEverything);
    return c.json({ clients: clientsToWire(clients), budgetData: budgetDataToWire(budgetData) });
  });
}
