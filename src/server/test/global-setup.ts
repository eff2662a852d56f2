/**
 * Prepares one migrated template database per API test project; every test file then gets its
 * own fresh copy (PGlite: loaded from a dump; PostgreSQL: CREATE DATABASE … TEMPLATE). Compiles
 * the server once, as `npm start` runs it, for the tests that start it as a process.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'vite';
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
    /** The server compiled to JavaScript (main.js, users.js), as `npm start` runs it. */
    compiledServerDir: string;
  }
}

export const TEMPLATE_DB = 'bm_template';

/**
 * Compiles the server (scripts/vite.server.config.ts) into a folder of the project (so the bundle
 * finds node_modules), one per test project; the processes the tests start run it with plain
 * `node`: no TypeScript loader to pay at each of their starts (about a fifth of one).
 */
async function compileServer(project: TestProject): Promise<() => void> {
  const outDir = path.resolve('.tmp', `compiled-server-${project.name}`);
  await build({ configFile: 'scripts/vite.server.config.ts', logLevel: 'error', build: { outDir, sourcemap: false } });
  project.provide('compiledServerDir', outDir);
  return () => fs.rmSync(outDir, { recursive: true, force: true });
}

export default async function setup(project: TestProject) {
  const removeServer = await compileServer(project);
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
    return async () => {
      await server.stop();
      removeServer();
    };
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
  return () => {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
    removeServer();
  };
}
