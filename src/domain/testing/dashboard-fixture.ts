/**
 * The two-client dashboard the dashboard exports' tests share (CSV and workbook). Beta:
 * prévisionnel 1000, achat prévisionnel 400, réel 1200,50, achat 300, initial forecast 100.
 * '=Alpha' (formula-guarded in a CSV): prévisionnel 50 in February, réel 40, achat 50,25 — a loss.
 * Cut-off in February; the previous year: Beta earned 1000 − 200 in January (March is after the
 * cut-off and left out), '=Alpha' had no pole. `monthNames`: the fiscal year's (default: calendar).
 */
import { aggregateBudgets, buildDashboard } from '../dashboard/from-budgets';
import { makeClient, makeLine, makePole } from './builders';

export function twoClientDashboard(monthNames?: readonly string[]) {
  const beta = makeClient('Beta', 100);
  const previous = [
    { client: beta, poles: [makePole('Paid', [makeLine('L', { reel: [1000, 0, 999], achat: [200] })])] },
  ];
  const dashboard = buildDashboard(
    aggregateBudgets(
      [
        {
          client: beta,
          poles: [
            makePole('Paid', [
              makeLine('L', { previsionnel: [1000], achat_previsionnel: [400], reel: [1200.5], achat: [300] }),
            ]),
          ],
        },
        {
          client: makeClient('=Alpha'),
          poles: [makePole('Data', [makeLine('M', { previsionnel: [0, 50], reel: [0, 40], achat: [0, 50.25] })])],
        },
      ],
      { cutoff: { month: 1, source: 'actual' }, previous },
    ),
    monthNames,
  );
  return { beta, dashboard };
}
