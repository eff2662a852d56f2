/**
 * The agency's settings (docs/product.md#fiscal-years, ADR 056): `GET /api/settings` (any signed-in
 * user: every screen names its months from it) and `PUT /api/settings` (admin). A change of the
 * fiscal year is refused (409) once a year holds data: its stored months are positions of the year
 * they were typed in, and re-slicing them is not offered.
 */
import { Hono } from 'hono';
import type { SettingsAnswer } from '@/domain/answers';
import { fiscalChangeRefusal } from '@/domain/fiscal-year';
import { settingsBody } from '@/domain/settings-schemas';
import type { Db } from '@/server/db/client';
import { actorOf } from '@/server/lib/actor';
import { conflict, readJson, validate } from '@/server/lib/errors';
import { requireCan } from '@/server/policy/policy';
import { lockFiscalSettings, readFiscalSettings, writeFiscalSettings, yearsHoldingData } from './settings.repo';

export function settingsRoutes(db: Db) {
  return new Hono()
    .get('/settings', async (c) => c.json((await readFiscalSettings(db)) satisfies SettingsAnswer))
    .put('/settings', async (c) => {
      requireCan(c, 'admin');
      const wanted = validate(settingsBody, await readJson(c));
      const saved = await db.transaction(async (tx) => {
        await lockFiscalSettings(tx, actorOf(c));
        const refusal = fiscalChangeRefusal(await readFiscalSettings(tx), wanted, await yearsHoldingData(tx));
        if (refusal) throw conflict(refusal);
        await writeFiscalSettings(tx, wanted, actorOf(c));
        return wanted;
      });
      return c.json(saved satisfies SettingsAnswer);
    });
}
