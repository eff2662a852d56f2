/**
 * SQL pieces that state a product rule, written once and shared by the repos that need it. Each
 * has a TypeScript twin in the domain, and a test (sql-fragments.test.ts) holds the two equal on
 * both engines.
 */
import type { RollForwardFigures } from '@/domain/rollforward';

/**
 * The revised-forecast contribution of one monthly row aliased `d` (budget_monthly_data): its
 * actual margin once it has actual sales (réel > 0), else its forecast margin (docs/product.md#formulas-revised-forecast).
 * The twin of the domain's `revisedMonthMargin` (src/domain/budget.ts).
 */
export const REVISED_MONTH_MARGIN = /* sql */ `case when d.reel > 0 then d.reel - d.achat else d.previsionnel - d.achat_previsionnel end`;

/**
 * The revised forecast of client `client` in year `year` (SQL expressions) recomputed from its
 * monthly rows, in exact numeric euros, 0 without rows: what client_years.prevision_mb_annuelle_revue
 * holds (migration 0011 keeps it so, ADR 044). The twin of the domain's `revisedForecast`.
 */
export function revisedForecastOf(client: string, year: string): string {
  return /* sql */ `coalesce((
    select sum(${REVISED_MONTH_MARGIN})
      from expertise_poles p
      join budget_line_items l on l.expertise_pole_id = p.id
      join budget_monthly_data d on d.budget_line_item_id = l.id
     where p.client_id = ${client} and p.year = ${year}), 0)`;
}

/**
 * The forecast sales and purchases a roll-forward basis reads from a source monthly row aliased
 * `d` (docs/product.md#budget-years). The twin of the domain's `basisOf` (src/domain/rollforward.ts).
 */
export function rollForwardBasis(figures: Exclude<RollForwardFigures, 'none'>): { sales: string; purchases: string } {
  switch (figures) {
    case 'previsionnel':
      return { sales: 'd.previsionnel', purchases: 'd.achat_previsionnel' };
    case 'reel':
      return { sales: 'd.reel', purchases: 'd.achat' };
    case 'revue':
      return {
        sales: 'case when d.reel > 0 then d.reel else d.previsionnel end',
        purchases: 'case when d.reel > 0 then d.achat else d.achat_previsionnel end',
      };
  }
}

/**
 * `amount × (1 + uplift / 100)` rounded half away from zero to the cent, the uplift given in
 * hundredths of a percent (`hundredths`, an SQL integer expression). Multiplying by 0.0001 keeps
 * numeric exact where a division could round first. The twin of the domain's `upliftCents`.
 */
export function uplifted(amount: string, hundredths: string): string {
  return `round(${amount} * (10000 + ${hundredths})::numeric * 0.0001, 2)`;
}
