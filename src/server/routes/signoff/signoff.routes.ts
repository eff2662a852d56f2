/**
 * /api/years/:year/signoff (docs/product.md#sign-off, ADR 052): the status of each client's budget
 * (every role, within its scope), and its transitions — an editor of the client submits, an admin
 * validates (freezing the client's forecast as a version), sends back or reopens with a reason;
 * what changed in the forecast since the last validation, for its reviewer.
 * Each transition is a history entry of source 'validation', which undo refuses: a status is
 * moved back by the next transition. A submission notifies the admins, a validation or a send-back
 * the submitter (ADR 055). The forecast of a validated budget is guarded by the
 * database itself (migration 0018), on every write path.
 */
import type { ForecastChangesAnswer, SignoffAnswer, SignoffTransitionAnswer } from '@/domain/answers';
import { forecastChangesToWire } from '@/domain/codec';
import { forecastChanges } from '@/domain/forecast-changes';
import { Hono } from 'hono';
import { SUMMARIES } from '@/domain/history';
import { foldName } from '@/domain/names';
import { signoffBody, signoffParams, yearParams } from '@/domain/schemas';
import {
  checkTransition,
  isRefusal,
  signoffNotificationText,
  validatedVersionName,
  type SignoffNews,
  type SignoffStatus,
} from '@/domain/signoff';
import type { Queryable } from '@/server/db/client';
import { actorOf } from '@/server/lib/actor';
import { ApiError, notFound, readJson, validate } from '@/server/lib/errors';
import { CLIENT_NOT_FOUND } from '@/server/lib/messages';
import { accessOf, guardClient, scopeIds } from '@/server/policy/policy';
import type { Db } from '@/server/db/client';
import type { Live } from '@/server/live/hub';
import { activeAdmins, insertNotifications, levelsOf, type NewNotification } from '../notifications/notifications.repo';
import { insertEntry } from '../history/history.repo';
import { loadClientBudget } from '../budget/budget.repo';
import { findClient } from '../clients/clients.repo';
import {
  changesBaseline,
  freezeVersion,
  lockYearVersions,
  versionNamed,
  versionPoles,
} from '../versions/versions.repo';
import { listSignoff, lockClientStatus, setStatus } from './signoff.repo';

/** Freezes client `clientId`'s forecast as « Validé le {date} · {client} » (numbered if the day has one). */
async function freezeValidated(q: Queryable, year: number, clientId: string, clientName: string, actor: string) {
  await lockYearVersions(q, year);
  const base = validatedVersionName(new Date(), clientName);
  let name = base;
  for (let n = 2; (await versionNamed(q, year, foldName(name))) !== undefined; n++) name = `${base} (${n})`;
  const { version } = await freezeVersion(q, { year, name, folded: foldName(name), actor, clientId });
  return version.id;
}

/**
 * Who a transition tells, and what (docs/product.md#sign-off, ADR 055): a submission the active
 * admins, a validation or a send-back the submitter; never the one who made it, nor who chose
 * « Rien ». A reopening tells nobody. Without accounts there is nobody to tell.
 */
async function signoffNotifications(
  q: Queryable,
  t: { from: SignoffStatus; to: SignoffStatus; submitter: string | null },
  n: { actor: string; clientId: string; clientName: string; year: number; text: string | null },
): Promise<NewNotification[]> {
  const news: SignoffNews | null =
    t.to === 'soumis' ? 'soumis' : t.from !== 'soumis' ? null : t.to === 'validé' ? 'validé' : 'renvoyé';
  if (news === null) return [];
  const recipients = (news === 'soumis' ? await activeAdmins(q) : t.submitter === null ? [] : [t.submitter]).filter(
    (r) => r !== n.actor,
  );
  const levels = await levelsOf(q, recipients);
  const text = signoffNotificationText(news, { by: n.actor, clientName: n.clientName, year: n.year, text: n.text });
  return recipients
    .filter((r) => levels.get(r) !== 'none')
    .map((recipient) => ({
      recipient,
      kind: 'signoff',
      text,
      clientId: n.clientId,
      year: n.year,
      lineId: null,
      month: null,
      field: null,
      commentId: null,
    }));
}

export function signoffRoutes(db: Db, live: Live) {
  return new Hono()
    .get('/years/:year/signoff', async (c) => {
      const { year } = validate(yearParams, c.req.param());
      return c.json((await listSignoff(db, year, scopeIds(c))) satisfies SignoffAnswer);
    })
    .get('/years/:year/signoff/:clientId/changes', async (c) => {
      const { year, clientId: rawId } = validate(signoffParams, c.req.param());
      const clientId = rawId.toLowerCase();
      guardClient(c, clientId, 'read');
      // One snapshot: the client, the version compared with and the budget now.
      const answer = await db.transaction(async (tx): Promise<ForecastChangesAnswer> => {
        if (!(await findClient(tx, clientId, year))) throw notFound(CLIENT_NOT_FOUND);
        const baseline = await changesBaseline(tx, year, clientId);
        // Without a version to compare with, nothing to list.
        if (!baseline) return { since: null, basis: null, ...forecastChangesToWire(forecastChanges([], [])) };
        const before = await versionPoles(tx, baseline.version.id, clientId);
        const changes = forecastChanges(before, await loadClientBudget(tx, clientId, year));
        return { since: baseline.version, basis: baseline.basis, ...forecastChangesToWire(changes) };
      });
      return c.json(answer satisfies ForecastChangesAnswer);
    })
    .post('/years/:year/signoff/:clientId', async (c) => {
      const { year, clientId: rawId } = validate(signoffParams, c.req.param());
      const clientId = rawId.toLowerCase();
      const body = validate(signoffBody, await readJson(c));
      // A client outside the scope is 404; a viewer's or a 'Voir en tant que…' write is refused
      // before (the access middleware); the role's right to this transition is the table's.
      guardClient(c, clientId, 'read');
      const role = accessOf(c).role;
      const text = (body.to === 'soumis' ? body.note : body.reason) || null;
      const answer = await db.transaction(async (tx) => {
        const current = await lockClientStatus(tx, clientId, year);
        if (!current) throw notFound(CLIENT_NOT_FOUND);
        const transition = checkTransition(current.status, body.to, role, text !== null);
        if (isRefusal(transition)) {
          const code = transition.status === 400 ? 'validation' : transition.status === 403 ? 'forbidden' : 'conflict';
          throw new ApiError(transition.status, code, transition.message);
        }
        const actor = actorOf(c);
        const versionId = body.to === 'validé' ? await freezeValidated(tx, year, clientId, current.name, actor) : null;
        const status = await setStatus(tx, { clientId, year, status: body.to, actor, note: text, versionId });
        const historyId = await insertEntry(tx, {
          actor,
          source: 'validation',
          clientId,
          year,
          summary: SUMMARIES.signoff(year, transition.verb, text),
          ops: [],
        });
        const notified = await signoffNotifications(
          tx,
          { from: current.status, to: body.to, submitter: current.actor },
          { actor, clientId, clientName: current.name, year, text },
        );
        await insertNotifications(tx, notified);
        return { answer: { ...status, historyId, versionId }, notified: notified.map((n) => n.recipient) };
      });
      // Committed: the recipients' bells update.
      for (const recipient of answer.notified) live.notified(recipient);
      return c.json(answer.answer satisfies SignoffTransitionAnswer);
    });
}
