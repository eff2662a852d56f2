/**
 * Live updates (docs/product.md#live-updates, #presence; ADR 034, 035):
 * - GET /api/events?year= — a Server-Sent Events stream of the committed changes of that year the
 *   caller may see, resumable with Last-Event-ID (or ?lastEventId=), heartbeats re-checking the
 *   session and the scope;
 * - PUT /api/presence — "this tab shows that client now"; GET /api/presence?year=&clientId= — who has
 *   it open.
 */
import type { PresenceAnswer } from '@/domain/answers';
import type { HttpBindings } from '@hono/node-server';
import { Hono } from 'hono';
import { presenceBody, presenceQuery, eventsQuery } from '@/domain/schemas';
import type { Auth } from '@/server/auth/auth';
import { sessionEmail } from '@/server/auth/session';
import type { Db } from '@/server/db/client';
import { actorOf } from '@/server/lib/actor';
import { ApiError, readJson, validate } from '@/server/lib/errors';
import { accessOf, guardClient, reReadAccess } from '@/server/policy/policy';
import { MAX_TABS_PER_PERSON, otherLiveTabs, placePresence, readPresence } from './events.repo';
import type { Live } from './hub';
import { sseBody } from './sse-body';
import { parseUrlInteger } from '@/domain/url-numbers';

/** A resume id as the browser sends it back: digits only, else the stream starts from now (no resync). */
export function parseEventId(value: string | undefined): number | undefined {
  return value === undefined ? undefined : (parseUrlInteger(value) ?? undefined);
}

export function liveRoutes(db: Db, live: Live, auth?: Auth) {
  return new Hono()
    .get('/events', (c) => {
      const { year, lastEventId } = validate(eventsQuery, c.req.query());
      const resumeFrom = parseEventId(c.req.header('last-event-id') ?? lastEventId);
      const access = accessOf(c);
      const headers = new Headers(c.req.raw.headers);
      const recheck = auth
        ? async () => {
            const email = await sessionEmail(auth, headers);
            return email === null ? null : reReadAccess(db, email, access);
          }
        : undefined;
      const outgoing = (c.env as Partial<HttpBindings> | undefined)?.outgoing;
      // A reader that does not read is cut at the socket too (the stalled-reader cut, the stop).
      const { body, sink } = sseBody(undefined, () => outgoing?.destroy());
      // serve() never rejects (the hub logs what stops a stream) and ends the stream itself.
      void live.serve(sink, { year, access, recheck, resumeFrom, session: actorOf(c) });
      return c.body(body, 200, {
        'Content-Type': 'text/event-stream',
        'Cache-Control': 'no-store',
        // Chunked from the start: the Node adapter would otherwise wait for the first chunks to size the body.
        'Transfer-Encoding': 'chunked',
        Connection: 'keep-alive',
        // No proxy buffering: each event must leave at once.
        'X-Accel-Buffering': 'no',
      });
    })
    .put('/presence', async (c) => {
      const { year, clientId, tab } = validate(presenceBody, await readJson(c));
      if (clientId !== null) guardClient(c, clientId, 'read');
      // B5: one person's tabs are bounded, so one script cannot fill every viewer's presence.
      if (
        clientId !== null &&
        (await otherLiveTabs(db, actorOf(c), tab, live.presenceTtlSeconds)) >= MAX_TABS_PER_PERSON
      )
        throw new ApiError(
          429,
          'rate_limited',
          `Trop d'onglets ouverts (${MAX_TABS_PER_PERSON} au plus) : fermez-en quelques-uns.`,
        );
      const { before } = await placePresence(db, {
        tab,
        actor: actorOf(c),
        clientId,
        year,
        ttlSeconds: live.presenceTtlSeconds,
      });
      const same = before !== null && clientId !== null && before.clientId === clientId && before.year === year;
      if (!same) {
        if (before) live.presenceChanged(before.clientId, before.year);
        if (clientId !== null) live.presenceChanged(clientId, year);
      }
      return c.body(null, 204);
    })
    .get('/presence', async (c) => {
      const { year, clientId } = validate(presenceQuery, c.req.query());
      guardClient(c, clientId, 'read');
      return c.json({
        users: await readPresence(db, clientId, year, live.presenceTtlSeconds),
      } satisfies PresenceAnswer);
    });
}
