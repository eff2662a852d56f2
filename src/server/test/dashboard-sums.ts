/**
 * Every row of the trigger-kept dashboard sums (ADR 026) as one text, in a fixed order: what a test
 * compares before and after a rebuild from the monthly rows (REBUILD_DASHBOARD_SUMS) to show the
 * triggers kept them exact.
 */
import type { Db } from '@/server/db/client';

export async function dashboardSumsText(q: Pick<Db, 'query'>): Promise<string> {
  const { rows } = await q.query<{ t: string }>(
    `select (select string_agg(concat_ws('/', year, pole_id, month, previsionnel, achat_previsionnel, reel, achat,
               revue, ecart_realise, prev_realise, actuals), ',' order by year, pole_id, month) from dashboard_pole_months)
         || '|' || (select string_agg(concat_ws('/', year, client_id, month, previsionnel, reel, achat, actuals), ','
               order by year, client_id, month) from dashboard_client_months) as t`,
  );
  return rows[0]!.t;
}
