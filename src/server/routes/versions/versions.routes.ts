/**
 * /api/years/:year/versions (docs/product.md#versions-and-landing, ADR 049): freeze the year's
 * forecast under a name (admin), list the versions and read one client's frozen poles (every role,
 * within its scope), mark the reference, delete a version that is not the reference (admin). Each
 * write is a history entry of source 'version', of no client, which undo refuses: a version is
 * immutable.
 */
import type { CreatedVersionAnswer, VersionPolesAnswer, VersionsAnswer } from '@/domain/answers';
import { Hono } from 'hono';
import { forecastPolesToWire } from '@/domain/codec';
import { SUMMARIES } from '@/domain/history';
import { ONE_CLIENT_REFERENCE } from '@/domain/signoff';
import { createVersionBody, versionParams, versionQuery, yearParams } from '@/domain/schemas';
import type { Db, Queryable } from '@/server/db/client';
import { actorOf } from '@/server/lib/actor';
import { conflict, notFound, readJson, validate } from '@/server/lib/errors';
import { CLIENT_NOT_FOUND, referenceVersionUndeletable, versionNotFound } from '@/server/lib/messages';
import { guardClient, requireCan } from '@/server/policy/policy';
import { insertEntry } from '../history/history.repo';
import { freezeAndRecord } from './freeze';
import {
  deleteVersion,
  findVersion,
  listVersions,
  lockYearVersions,
  setReference,
  versionPoles,
} from './versions.repo';

/** The version `id` of `year`, or 404 (unknown, or of another year). */
async function versionOf(q: Queryable, year: number, id: number) {
  const version = await findVersion(q, year, id);
  if (!version) throw notFound(versionNotFound(year));
  return version;
}

export function versionsRoutes(db: Db) {
  return new Hono()
    .get('/years/:year/versions', async (c) => {
      const { year } = validate(yearParams, c.req.param());
      return c.json((await listVersions(db, year)) satisfies VersionsAnswer);
    })
    .post('/years/:year/versions', async (c) => {
      requireCan(c, 'admin');
      const { year } = validate(yearParams, c.req.param());
      const { name } = validate(createVersionBody, await readJson(c));
      const answer = await db.transaction((tx) => freezeAndRecord(tx, { year, name, actor: actorOf(c) }));
      return c.json(answer satisfies CreatedVersionAnswer, 201);
    })
    .get('/years/:year/versions/:id', async (c) => {
      const { year, id } = validate(versionParams, c.req.param());
      const { clientId } = validate(versionQuery, c.req.query());
      guardClient(c, clientId, 'read');
      // One snapshot: the version, the client check and the frozen rows.
      const poles = await db.transaction(async (tx) => {
        await versionOf(tx, year, id);
        const { rows } = await tx.query<{ known: boolean }>(
          `select exists (select 1 from version_clients where version_id = $1 and client_id = $2)
               or exists (select 1 from clients where id = $2) as known`,
          [id, clientId],
        );
        if (!rows[0]!.known) throw notFound(CLIENT_NOT_FOUND);
        return versionPoles(tx, id, clientId);
      });
      return c.json(forecastPolesToWire(poles) satisfies VersionPolesAnswer);
    })
    .put('/years/:year/versions/:id/reference', async (c) => {
      requireCan(c, 'admin');
      const { year, id } = validate(versionParams, c.req.param());
      const versions = await db.transaction(async (tx) => {
        await lockYearVersions(tx, year);
        const version = await versionOf(tx, year, id);
        if (version.clientId !== null) throw conflict(ONE_CLIENT_REFERENCE(version.name));
        if (!version.reference) {
          await setReference(tx, year, id);
          await insertEntry(tx, {
            actor: actorOf(c),
            source: 'version',
            clientId: null,
            year,
            summary: SUMMARIES.versionReference(year, version.name),
            ops: [],
          });
        }
        return listVersions(tx, year);
      });
      return c.json(versions satisfies VersionsAnswer);
    })
    .delete('/years/:year/versions/:id', async (c) => {
      requireCan(c, 'admin');
      const { year, id } = validate(versionParams, c.req.param());
      await db.transaction(async (tx) => {
        await lockYearVersions(tx, year);
        const version = await versionOf(tx, year, id);
        if (version.reference) throw conflict(referenceVersionUndeletable(version.name));
        await deleteVersion(tx, id);
        await insertEntry(tx, {
          actor: actorOf(c),
          source: 'version',
          clientId: null,
          year,
          summary: SUMMARIES.versionDeleted(year, version.name),
          ops: [],
        });
      });
      return c.body(null, 204);
    });
}
