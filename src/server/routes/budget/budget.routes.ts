/** GET /api/budget?year= — every client with its poles of that year (the all-clients load of docs/product.md#api-routes). */
import type { AllBudgetsAnswer } from '@/domain/answers';
import { Hono } from 'hono';
import { budgetDataToWire, clientsToWire } from '@/domain/codec';
import type { Db } from '@/server/db/client';
import { yearOf } from '@/server/lib/errors';
import { scopeBudgets } from '@/server/policy/scope';
import { readAllBudgets } from './budget.repo';

export function budgetRoutes(db: Db) {
  return new Hono().get('/budget', async (c) => {
    const year = await yearOf(c);
    const { clients, budgetData } = scopeBudgets(c, await db.transaction((tx) => readAllBudgets(tx, year)));
    return c.json({
      clients: clientsToWire(clients),
      budgetData: budgetDataToWire(budgetData),
    } satisfies AllBudgetsAnswer);
  });
}
