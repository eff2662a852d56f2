/**
 * The account command line (npm run user:*): the commands run in this process (runUsersCommand,
 * with the configuration a process would have), and as a process where the process itself is what
 * is tested: the password comes on stdin when it is not a terminal, the answer on stdout or stderr
 * with the exit code, and on the embedded database it refuses while a server holds DATA_DIR.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, openPostgres, type Db } from '../db/client';
import { lockDataDir } from '../db/data-dir-lock';
import { freshPostgresUrl } from '../test/fresh-postgres';
import { TEST_DB } from '../test/test-db';
import { childEnv } from '../test/test-env';
import { compiledScript, migratedDataDir } from '../test/server-process';
import { hashPassword, verifyPassword } from 'better-auth/crypto';
import { runUsersCommand } from './users-command';

const env: Record<string, string> = {};
let dataDir = '';
beforeAll(async () => {
  env.DATABASE_URL = '';
  if (TEST_DB === 'postgres') {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bm-cli-'));
    env.DATABASE_URL = await freshPostgresUrl('cli');
  } else dataDir = migratedDataDir('cli');
  env.DATA_DIR = dataDir;
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

function cli(args: string[], stdin = ''): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [compiledScript('users'), ...args], {
      env: childEnv(env),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.stdin.end(stdin);
    child.once('exit', (code) => resolve({ code, out }));
  });
}

/** The same command in this process: the password is `stdin`'s first line, as the process reads it. */
const users = (args: string[], stdin = '') =>
  runUsersCommand(args, { readPassword: async () => stdin.split(/\r?\n/)[0] ?? '', env: childEnv(env) });

async function withDb<T>(fn: (db: Db) => Promise<T>): Promise<T> {
  const db = env.DATABASE_URL
    ? await openPostgres(env.DATABASE_URL, 1)
    : await openPglite(path.join(dataDir, 'pglite'));
  try {
    return await fn(db);
  } finally {
    await db.close();
  }
}

const storedHash = (email: string) =>
  withDb(async (db) => {
    const { rows } = await db.query<{ password: string; disabled: boolean; temporary: boolean }>(
      `select a.password, u.disabled, u.must_change_password as temporary from auth_user u join auth_account a on a."userId" = u.id where u.email = $1`,
      [email],
    );
    return rows[0];
  });

describe(`npm run user:* on ${TEST_DB}`, () => {
  it('creates a user with a hashed password read from stdin, lists, disables and resets', async () => {
    const created = await cli(['create', 'Anne@Agence.fr'], 'un mot de passe assez long\n');
    expect(created).toMatchObject({ code: 0 });
    expect(created.out).toContain('Utilisateur anne@agence.fr créé.');
    const row = await storedHash('anne@agence.fr');
    expect(row!.password).not.toContain('un mot de passe');
    expect(await verifyPassword({ hash: row!.password, password: 'un mot de passe assez long' })).toBe(true);
    // Typed by whoever runs the command, often for themselves: not temporary unless told (ADR 051).
    expect(row!.temporary).toBe(false);

    expect(await users(['create', 'anne@agence.fr'], 'un mot de passe assez long\n')).toMatchObject({ code: 1 });
    // A refusal, as a process: on stderr, exit code 1 (before the database opens: it costs no opening).
    const short = await cli(['create', 'bob@agence.fr'], 'court\n');
    expect(short.code).toBe(1);
    expect(short.out).toContain('au moins 12 caractères');
    expect((await users(['create', 'pas-un-email'], 'un mot de passe assez long\n')).code).toBe(1);

    expect(await users(['disable', 'anne@agence.fr'])).toMatchObject({ code: 0 });
    const listed = await cli(['list']);
    expect(listed.out).toContain('anne@agence.fr\tdésactivé\tsans 2FA\t0 session(s)');

    expect(await users(['reset', 'anne@agence.fr'], 'un tout nouveau mot de passe\n')).toMatchObject({ code: 0 });
    const reset = await storedHash('anne@agence.fr');
    expect(await verifyPassword({ hash: reset!.password, password: 'un tout nouveau mot de passe' })).toBe(true);
    expect(reset!.disabled).toBe(true);
    expect(reset!.temporary).toBe(true);
    const temporary = await users(['create', 'carla@agence.fr', '--temporary'], 'un mot de passe assez long\n');
    expect(temporary.out).toContain('Mot de passe temporaire : à changer à la première connexion.');
    expect((await storedHash('carla@agence.fr'))!.temporary).toBe(true);
  }, 120_000); // three processes, nine openings of the database: slow on a busy machine, not a speed test

  it('sets role and scope with --role, --clients and --all-clients (docs/product.md#roles)', async () => {
    const password = 'un mot de passe assez long\n';
    const access = (email: string) =>
      withDb(async (db) => {
        const { rows } = await db.query<{ role: string; all_clients: boolean; clients: string[] }>(
          `select role, all_clients, array(select client_id::text from user_clients uc where uc.user_id = u.id) as clients
             from auth_user u where email = $1`,
          [email],
        );
        return rows[0];
      });
    // Refused before the database opens.
    expect((await users(['create', 'lea@agence.fr', '--role', 'chef'], password)).out).toContain('Rôle inconnu');
    expect((await users(['role', 'lea@agence.fr'])).code).toBe(1);
    const unknown = await users(
      ['create', 'lea@agence.fr', '--clients', '00000000-0000-4000-8000-000000000000'],
      password,
    );
    expect(unknown).toMatchObject({ code: 1 });
    expect(unknown.out).toContain('Client introuvable');
    expect(await access('lea@agence.fr')).toBeUndefined();

    const clientId = await withDb(async (db) => {
      const { rows } = await db.query<{ id: string }>(`insert into clients (name) values ('Acme') returning id`);
      return rows[0]!.id;
    });
    const created = await users(['create', 'lea@agence.fr', '--role', 'viewer', '--clients', clientId], password);
    expect(created.out).toContain('Rôle : viewer, 1 client(s) assigné(s).');
    expect(await access('lea@agence.fr')).toEqual({ role: 'viewer', all_clients: false, clients: [clientId] });

    expect(await users(['role', 'lea@agence.fr', '--role', 'admin', '--all-clients'])).toMatchObject({ code: 0 });
    expect(await access('lea@agence.fr')).toEqual({ role: 'admin', all_clients: true, clients: [] });
  }, 240_000); // three openings of the database: slow on a busy machine, not a speed test

  // PostgreSQL takes no lock: several servers may share it (ADR 004).
  if (TEST_DB === 'pglite')
    it('refuses while a server holds the data directory', async () => {
      const release = lockDataDir(dataDir);
      try {
        const refused = await cli(['list']);
        expect(refused.code).toBe(1);
        expect(refused.out).toContain('est déjà utilisé par un autre serveur');
      } finally {
        release();
      }
    });

  it('hashes with the function better-auth verifies with', async () => {
    expect(await verifyPassword({ hash: await hashPassword('x'.repeat(12)), password: 'x'.repeat(12) })).toBe(true);
  });
});
