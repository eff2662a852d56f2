/** An empty database on the harness's PostgreSQL, for tests that start a process on it. */
import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import { openPostgres } from '../db/client';

export async function freshPostgresUrl(prefix: string): Promise<string> {
  const adminUrl = inject('postgresAdminUrl');
  const name = `${prefix}_${randomUUID().replaceAll('-', '')}`;
  const admin = await openPostgres(adminUrl, 1);
  await admin.query(`create database ${name}`);
  await admin.close();
  return adminUrl.replace(/\/postgres$/, `/${name}`);
}
