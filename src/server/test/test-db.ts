/**
 * A fresh, migrated database for one test file, on the engine the project runs with
 * (TEST_DB=pglite or postgres). No mocked database anywhere.
 */
import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import { openPglite, openPostgres, type Db } from '../db/client';
import { createApp, type AppOptions } from '../app';
import type { ApiErrorBody } from '@/domain/api-error';
import type { ClientWire } from '@/domain/schemas';
import { TEST_DB } from './test-env';

export { TEST_DB };

/** A new database on the throwaway PostgreSQL server, copied from `template` (migrated) or empty. */
async function freshPostgres(template: string | null): Promise<Db> {
  const adminUrl = inject('postgresAdminUrl');
  const name = `t_${randomUUID().replaceAll('-', '')}`;
  const admin = await openPostgres(adminUrl, 1);
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.close();
  // The database is not dropped: the whole throwaway server goes at the end of the run.
  return openPostgres(adminUrl.replace(/\/postgres$/, `/${name}`));
}

export async function createTestDb(): Promise<Db> {
  if (TEST_DB === 'postgres') return freshPostgres('bm_template');
  const blob = new Blob([fs.readFileSync(inject('pgliteTemplatePath'))]);
  return openPglite(undefined, blob);
}

/** A fresh database without any table (to build a database of an earlier release, then migrate it). */
export async function createEmptyTestDb(): Promise<Db> {
  return TEST_DB === 'postgres' ? freshPostgres(null) : openPglite();
}

/** The app on `db` (a fresh migrated one by default), plus a JSON request helper. */
export async function createTestApp(existing?: Db, options: Omit<AppOptions, 'db'> = {}) {
  const db = existing ?? (await createTestDb());
  const app = createApp({ db, ...options });
  /** Sends a request; `T` is the JSON the test expects back (tests check it, it is not trusted). */
  async function request<T = ApiErrorBody>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) {
    const init: RequestInit = { method, headers: { ...headers } };
    if (body !== undefined) {
      init.body = typeof body === 'string' ? body : JSON.stringify(body);
      init.headers = { ...headers, 'content-type': 'application/json' };
    }
    const res = await app.request(path, init);
    const text = await res.text();
    const json = (text ? JSON.parse(text) : undefined) as T;
    return { status: res.status, json, headers: res.headers };
  }
  return { db, app, request };
}

/** A well-formed id that names nothing: for the 404 answers. */
export const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

/** The 12 zeroed months of a new line, as the wire carries them (euros). */
export const TWELVE_ZEROS: readonly number[] = Array.from({ length: 12 }, () => 0);

/** A fresh app with one client already created (most resource test files start so). */
export async function createTestAppWithClient(name = 'Acme') {
  const t = await createTestApp();
  const client = (await t.request<ClientWire>('POST', '/api/clients', { name })).json;
  return { t, client };
}
