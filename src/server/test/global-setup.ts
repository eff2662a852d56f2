/**
 * Prepares one migrated template database per API test project; every test file then gets its
 * own fresh copy (PGlite: loaded from a dump; PostgreSQL: CREATE DATABASE … TEMPLATE).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { PGlite } from '@electric-sql/pglite';
import { migrate, openPostgres, pgliteDb } from '../db/client';
import { startPostgres } from './postgres-server';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplatePath: string;
    /** A DATA_DIR holding the migrated database on disk, for the tests that start a process on one. */
    pgliteDataDirTemplate: string;
    postgresAdminUrl: string;
  }
}

export const TEMPLATE_DB = 'bm_template';

export default async function setup(project: TestProject) {
  if (project.name === 'api-postgres') {
    const server = await startPostgres();
    console.log(`[api-postgres] ${server.version} démarré : ${server.adminUrl}`);
    const admin = await openPostgres(server.adminUrl, 1);
    await admin.query(`create database ${TEMPLATE_DB}`);
    await admin.close();
    const template = await openPostgres(server.adminUrl.replace(/\/postgres$/, `/${TEMPLATE_DB}`), 1);
    await migrate(template);
    await template.close();
    project.provide('postgresAdminUrl', server.adminUrl);
    return () => server.stop();
  }
  const lite = await PGlite.create();
  await migrate(pgliteDb(lite));
  const dump = Buffer.from(await (await lite.dumpDataDir('none')).arrayBuffer());
  await lite.close();
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bm-pglite-')), 'template.tar');
  fs.writeFileSync(file, dump);
  // The same database in a DATA_DIR's layout (open.ts: DATA_DIR/pglite), closed cleanly: a process
  // started on a copy skips PGlite's first unpacking and the migrations, 5–10 s each on this machine.
  const dataDir = path.join(path.dirname(file), 'data-dir');
  fs.mkdirSync(dataDir);
  const onDisk = await PGlite.create(path.join(dataDir, 'pglite'), { loadDataDir: new Blob([dump]) });
  await onDisk.close();
  console.log(`[${project.name}] PGlite (PostgreSQL embarqué) prêt`);
  project.provide('pgliteTemplatePath', file);
  project.provide('pgliteDataDirTemplate', dataDir);
  return () => fs.rmSync(path.dirname(file), { recursive: true, force: true });
}
