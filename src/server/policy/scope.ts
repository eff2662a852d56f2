/**
 * The all-clients reads narrowed to the caller's scope (docs/product.md#roles): the budget load,
 * the backups (one year and every year). They are filtered after the read: these are whole-data
 * exports, not hot paths, and the repositories stay the same for every caller.
 */
import type { Context } from 'hono';
import type { AllYearsBackup, Client, BudgetData } from '@/domain/model';
import { accessOf, inScope } from './policy';

/** The keep-only-in-scope filters of a caller, or null when every client is in scope. */
function scopeFilters(c: Context) {
  const access = accessOf(c);
  if (access.clientIds === null) return null;
  const keep = (id: string) => inScope(access, id);
  return {
    has: keep,
    clients: <T extends { id: string }>(list: readonly T[]) => list.filter((client) => keep(client.id)),
    budgets: <P>(data: Record<string, P[]>): Record<string, P[]> =>
      Object.fromEntries(Object.entries(data).filter(([id]) => keep(id))),
  };
}

export function scopeBudgets<T extends { clients: Client[]; budgetData: BudgetData }>(c: Context, data: T): T {
  const only = scopeFilters(c);
  return only ? { ...data, clients: only.clients(data.clients), budgetData: only.budgets(data.budgetData) } : data;
}

export function scopeAllYears(c: Context, data: AllYearsBackup): AllYearsBackup {
  const only = scopeFilters(c);
  if (!only) return data;
  return {
    ...data,
    clients: only.clients(data.clients),
    years: data.years.map((y) => ({ ...y, clients: only.clients(y.clients), budgetData: only.budgets(y.budgetData) })),
    ...(data.versions && {
      versions: data.versions.map((v) => ({
        ...v,
        clients: only.clients(v.clients),
        budgetData: only.budgets(v.budgetData),
      })),
    }),
    ...(data.signoffs && { signoffs: data.signoffs.filter((s) => only.has(s.clientId)) }),
  };
}
