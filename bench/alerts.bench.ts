/**
 * Alerts (docs/product.md#alerts, ADR 053): what their evaluation after a cell save adds to the
 * save. Two apps on the one seeded database, called in process (no HTTP) round after round: one
 * whose writes evaluate alerts (every figure threshold on), one whose writes evaluate nothing. The
 * goal: ≤ 20 % more on the save's p50, at 300 clients.
 */
import { createApp } from '../src/server/app';
import { createAlerts, type Alerts } from '../src/server/alerts/alerts-service';
import { writeAlertSettings } from '../src/server/alerts/alerts.repo';
import { createLive } from '../src/server/live/hub';
import { noMailer } from '../src/server/mail/mailer';
import type { Cents } from '../src/domain/money';
import { BENCH_YEAR, lineIdsOf, median, ratioFigure, samplePair, type Bench, withYear } from './lib';

const valueFor = (i: number) => 1000 + (i % 997) + (i % 100) / 100;

export default {
  name: 'alerts',
  async run(ctx) {
    const lineId = lineIdsOf(ctx.data, 0)[0]!;
    const live = createLive(ctx.db);
    const mail = noMailer();
    const none: Alerts = {
      afterWrite: async () => undefined,
      runDaily: async () => 'done',
      startDaily: () => undefined,
      close: async () => undefined,
    };
    const withAlerts = createApp({ db: ctx.db, live, mail, alerts: createAlerts({ db: ctx.db, live, mail }) });
    const without = createApp({ db: ctx.db, live, mail, alerts: none });
    // Purchases 10 % and 50 €, margin rate 5 points: both figure rules run on each save.
    await writeAlertSettings(
      ctx.db,
      {
        purchasesOverForecast: { percent: 10, cents: 5000 as Cents },
        marginRateBelow: { points: 5 },
        closeByDay: null,
        importByDay: null,
      },
      'bench',
    );
    // Each save changes the cell (the other app's value differs by a cent): an unchanged cell writes no entry.
    const save = (app: typeof withAlerts, cent: number) => async (i: number) => {
      const res = await app.request(withYear('/api/cells'), {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify([{ lineId, month: 4, field: 'achat', value: valueFor(i) + cent }]),
      });
      if (res.status !== 200) throw new Error(`PATCH /api/cells : ${res.status} ${await res.text()}`);
    };
    try {
      const [evaluated, plain] = await samplePair(save(withAlerts, 0), save(without, 0.01), ctx.repeat);
      return [
        ratioFigure(
          `save 1 cell with alert evaluation, ${ctx.data.clients.length} clients (p50, in process)`,
          median(evaluated),
          'ms',
          { label: 'the same save without it (p50)', value: median(plain) },
          1.2,
        ),
      ];
    } finally {
      await ctx.db.query(`delete from alert_settings`);
      await ctx.db.query(`delete from alerts where year = $1`, [BENCH_YEAR]);
      await live.close();
    }
  },
} satisfies Bench;
