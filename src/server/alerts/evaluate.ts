/**
 * Evaluating alerts (docs/product.md#alerts, ADR 053): the rules of domain/alerts.ts run over the
 * figures of the clients a write touched (or every client of a year, or the agency's months), and
 * the stored alerts follow: a new one is stored and told once (a notification to each user who
 * sees it at the level « Tout »), one still crossed keeps its start (and, in a wide evaluation,
 * takes the new figures), one no longer crossed is deleted — cleared by itself, without a word.
 */
import { readFiscalSettings } from '@/server/routes/settings/settings.repo';
import {
  agencyAlerts,
  alertKey,
  alertText,
  clientAlerts,
  hasFigureAlerts,
  type ActiveAlert,
  type AlertSettings,
} from '@/domain/alerts';
import type { Queryable } from '@/server/db/client';
import {
  alertNames,
  alertRecipients,
  clientsOfYear,
  clientsSnapshot,
  yearHasClients,
  deleteAlerts,
  insertAlertNotifications,
  insertAlerts,
  monthsDone,
  poleMonths,
  readAlertSettings,
  storedAlerts,
  updateAlertValues,
} from './alerts.repo';

/** What to evaluate: a year's clients (null: every one) and, with `agency`, its months' alerts. */
export interface AlertTarget {
  year: number;
  clientIds: readonly string[] | null;
  agency: boolean;
}

/**
 * Brings the stored alerts of `target` in line with the figures at `now`; returns the users told
 * of a new alert (their bells are woken once this committed).
 */
export async function evaluateAlerts(
  q: Queryable,
  target: AlertTarget,
  now: Date,
  settings?: AlertSettings,
): Promise<string[]> {
  // A save's clients: one statement reads all it needs.
  const snapshot =
    target.clientIds !== null && !target.agency ? await clientsSnapshot(q, target.year, target.clientIds) : null;
  const s = snapshot?.settings ?? settings ?? (await readAlertSettings(q));
  const stored = snapshot?.stored ?? (await storedAlerts(q, target.year, target.clientIds, target.agency));
  // Nothing on and nothing stored: a cell save costs the two reads above, no more.
  if (!hasFigureAlerts(s) && !target.agency && stored.length === 0) return [];

  const active: ActiveAlert[] = [];
  if (hasFigureAlerts(s)) {
    const figures = snapshot?.figures ?? (await poleMonths(q, target.year, target.clientIds));
    const clients = target.clientIds ?? (await clientsOfYear(q, target.year));
    for (const id of clients) active.push(...clientAlerts(s, id, target.year, figures.get(id) ?? []));
  }
  // A year without any client-year has no month to close.
  if (target.agency && (s.closeByDay !== null || s.importByDay !== null) && (await yearHasClients(q, target.year))) {
    const done = await monthsDone(q, target.year);
    active.push(...agencyAlerts(s, target.year, now, done, await readFiscalSettings(q)));
  }

  const keyed = active.map((a) => ({ ...a, key: alertKey(a) }));
  const storedByKey = new Map(stored.map((a) => [a.key, a]));
  const activeKeys = new Set(keyed.map((a) => a.key));
  await deleteAlerts(
    q,
    stored.filter((a) => !activeKeys.has(a.key)).map((a) => a.key),
  );
  // A save leaves an active alert's stored figures be (no write per keystroke): GET /api/alerts
  // reads them afresh (currentFigures); the wider evaluations (daily, closing, thresholds) store them.
  await updateAlertValues(
    q,
    keyed.filter((a) => {
      if (target.clientIds !== null) return false;
      const old = storedByKey.get(a.key);
      return old !== undefined && (old.value !== a.value || old.threshold !== a.threshold);
    }),
  );
  const fresh = keyed.filter((a) => !storedByKey.has(a.key));
  const inserted = await insertAlerts(q, fresh, now);
  return notifyNew(
    q,
    fresh.filter((a) => inserted.has(a.key)),
  );
}

/** One notification per new alert and user who sees it; returns who was told. */
async function notifyNew(q: Queryable, alerts: readonly (ActiveAlert & { key: string })[]): Promise<string[]> {
  const recipients = await alertRecipients(q, alerts);
  if (recipients.length === 0) return [];
  const texts = await alertTexts(q, alerts);
  const byKey = new Map(alerts.map((a) => [a.key, a]));
  await insertAlertNotifications(
    q,
    recipients.map(({ key, email }) => {
      const a = byKey.get(key)!;
      return { recipient: email, text: texts.get(key)!, clientId: a.clientId, year: a.year, month: a.month };
    }),
  );
  return [...new Set(recipients.map((r) => r.email))];
}

/** The French text of each alert, by key, with its client's and pole's names. */
export async function alertTexts(
  q: Queryable,
  alerts: readonly (ActiveAlert & { key: string })[],
): Promise<Map<string, string>> {
  const names = await alertNames(
    q,
    [...new Set(alerts.flatMap((a) => (a.clientId === null ? [] : [a.clientId])))],
    [...new Set(alerts.flatMap((a) => (a.poleId === null ? [] : [a.poleId])))],
  );
  const fiscal = await readFiscalSettings(q);
  return new Map(
    alerts.map((a) => [
      a.key,
      alertText(
        a,
        {
          clientName: a.clientId === null ? null : (names.clients.get(a.clientId) ?? null),
          poleName: a.poleId === null ? null : (names.poles.get(a.poleId) ?? null),
        },
        fiscal,
      ),
    ]),
  );
}

/**
 * The figures of these clients' alerts as they are now (by key): what `GET /api/alerts` shows for
 * an alert a save left active with its stored figures.
 */
export async function currentFigures(
  q: Queryable,
  year: number,
  clientIds: readonly string[],
): Promise<Map<string, ActiveAlert>> {
  if (clientIds.length === 0) return new Map();
  const s = await readAlertSettings(q);
  const figures = await poleMonths(q, year, clientIds);
  return new Map(
    clientIds.flatMap((id) => clientAlerts(s, id, year, figures.get(id) ?? [])).map((a) => [alertKey(a), a]),
  );
}
