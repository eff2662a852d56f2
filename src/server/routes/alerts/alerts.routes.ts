/**
 * Alerts (docs/product.md#alerts, ADR 053): `GET/PUT /api/alerts/settings` (the thresholds, admin
 * only) and `GET /api/alerts?year` (the year's active alerts, scoped like data: a client's alerts
 * to those who see the client, the agency's — closing, accounting import — to admins). Saving the
 * thresholds evaluates every year in use at once, so the list follows them.
 */
import { Hono } from 'hono';
import type { AlertSettingsAnswer, AlertsAnswer } from '@/domain/answers';
import { alertText } from '@/domain/alerts';
import { alertSettingsBody } from '@/domain/alerts-schemas';
import { alertMeasureToWire, alertSettingsFromWire, alertSettingsToWire } from '@/domain/codec';
import type { Db } from '@/server/db/client';
import { actorOf } from '@/server/lib/actor';
import { readJson, validate, yearOf } from '@/server/lib/errors';
import type { Alerts } from '@/server/alerts/alerts-service';
import { currentFigures } from '@/server/alerts/evaluate';
import { alertNames, readAlertSettings, storedAlerts, writeAlertSettings } from '@/server/alerts/alerts.repo';
import { accessOf, inScope, requireCan } from '@/server/policy/policy';
import { readFiscalSettings } from '../settings/settings.repo';

export function alertsRoutes(db: Db, alerts: Alerts) {
  return new Hono()
    .get('/alerts/settings', async (c) => {
      requireCan(c, 'admin');
      return c.json(alertSettingsToWire(await readAlertSettings(db)) satisfies AlertSettingsAnswer);
    })
    .put('/alerts/settings', async (c) => {
      requireCan(c, 'admin');
      const settings = alertSettingsFromWire(validate(alertSettingsBody, await readJson(c)));
      await writeAlertSettings(db, settings, actorOf(c));
      // Every year in use, every client, the agency's months: the list follows the new thresholds.
      await alerts.afterWrite(new Map([[null, null]]));
      return c.json(alertSettingsToWire(settings) satisfies AlertSettingsAnswer);
    })
    .get('/alerts', async (c) => {
      const year = await yearOf(c);
      const access = accessOf(c);
      const answer = await db.transaction(async (tx) => {
        const stored = (await storedAlerts(tx, year, null, access.role === 'admin')).filter(
          (a) => a.clientId === null || inScope(access, a.clientId),
        );
        // A client's figures as they are now (a save leaves the stored ones be).
        const now = await currentFigures(tx, year, [
          ...new Set(stored.flatMap((a) => (a.clientId === null ? [] : [a.clientId]))),
        ]);
        const list = stored.map((a) => {
          const fresh = now.get(a.key);
          return fresh ? { ...a, value: fresh.value, threshold: fresh.threshold } : a;
        });
        const fiscal = await readFiscalSettings(tx);
        const names = await alertNames(
          tx,
          list.flatMap((a) => (a.clientId === null ? [] : [a.clientId])),
          list.flatMap((a) => (a.poleId === null ? [] : [a.poleId])),
        );
        return list.map((a) => {
          const clientName = a.clientId === null ? null : (names.clients.get(a.clientId) ?? null);
          const pole = a.poleId === null ? null : (names.poles.get(a.poleId) ?? null);
          return {
            kind: a.kind,
            clientId: a.clientId,
            clientName,
            poleId: a.poleId,
            pole,
            month: a.month,
            year: a.year,
            since: a.since.toISOString(),
            value: alertMeasureToWire(a.kind, a.value),
            threshold: alertMeasureToWire(a.kind, a.threshold),
            text: alertText(a, { clientName, poleName: pole }, fiscal),
          };
        });
      });
      return c.json(answer satisfies AlertsAnswer);
    });
}
