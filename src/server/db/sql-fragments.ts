/**
 * SQL pieces that state a product rule, written once and shared by the repos that need it. Each
 * has a TypeScript twin in the domain, and a test (sql-fragments.test.ts) holds the two equal on
 * both engines.
 */

/**
 * The revised-forecast contribution of one monthly row aliased `d` (budget_monthly_data): its
 * actual margin once it has actual sales (réel > 0), else its forecast margin (docs/product.md#formulas-revised-forecast).
 * The twin of the domain's `revisedMonthMargin` (src/domain/budget.ts).
 */
export const REVISED_MONTH_MARGIN = /* sql */ `case when d.reel > 0 then d.reel - d.achat else d.previsionnel - d.achat_previsionnel end`;
