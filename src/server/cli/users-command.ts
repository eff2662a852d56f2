/**
 * The `npm run user:*` commands (cli/users.ts runs them as a process; docs/product.md#roles): what
 * each does and answers, given the arguments, where the password comes from and the environment.
 * A process of its own for each call cost a test about 4 s (tsx, then the database); the tests
 * run them here, and the process's own part (stdin, exit code, the data directory's lock) in one.
 */
import { z } from 'zod';
import { DataDirLockedError } from '../db/data-dir-lock';
import { openConfiguredDb } from '../db/open';
import { parseCliEnv } from '../env';
import { ROLES, type Role } from '@/domain/control';
import {
  createUser,
  listUsers,
  normaliseEmail,
  resetPassword,
  setAccess,
  setDisabled,
  userIdByEmail,
  type UserAccess,
} from '../auth/users.repo';
import { unknownClients } from '../policy/access.repo';

const MIN_PASSWORD = 12;
const emailSchema = z.email({ error: 'Adresse email invalide.' });

/** A refusal the user can act on: its message is printed as it is (no « Échec : »). */
export class UsageError extends Error {}

const TEMPORARY = ' Mot de passe temporaire : à changer à la première connexion.';

/** Where a command reads the password (create, reset) and its configuration (DATABASE_URL, DATA_DIR…). */
export interface UsersIo {
  readPassword: () => Promise<string>;
  /** The environment to read; the process's own when absent (src/server/env.ts). */
  env?: Record<string, string | undefined>;
}

/** Runs `command …args`: 0 and its report, or 1 and the French reason it refused. */
export async function runUsersCommand(argv: readonly string[], io: UsersIo): Promise<{ code: 0 | 1; out: string }> {
  const [command, ...args] = argv;
  try {
    return { code: 0, out: await run(command, args, io) };
  } catch (err: unknown) {
    if (err instanceof UsageError || err instanceof DataDirLockedError) return { code: 1, out: err.message };
    return { code: 1, out: `Échec : ${err instanceof Error ? err.message : String(err)}` };
  }
}

async function newPassword(readPassword: () => Promise<string>): Promise<string> {
  const password = await readPassword();
  if (password.length < MIN_PASSWORD)
    throw new UsageError(`Le mot de passe doit faire au moins ${MIN_PASSWORD} caractères.`);
  return password;
}

function emailArg(args: string[], command: string): string {
  const parsed = emailSchema.safeParse(args[0]?.trim());
  if (!parsed.success) throw new UsageError(`Usage : npm run user:${command} -- prenom.nom@agence.fr`);
  return normaliseEmail(parsed.data);
}

const ROLE_USAGE = `--role ${ROLES.join('|')}`;

/**
 * The role and scope flags (docs/product.md#roles): `--role`, then `--clients ID,ID…` or
 * `--all-clients`; undefined fields were not given.
 */
function accessFlags(args: string[]): { role?: Role; clientIds?: string[] | null } {
  const flags: { role?: Role; clientIds?: string[] | null } = {};
  for (let i = 1; i < args.length; i++) {
    const flag = args[i];
    if (flag === '--role') {
      const value = args[++i];
      const role = ROLES.find((r) => r === value);
      if (!role) throw new UsageError(`Rôle inconnu : ${value ?? '(aucun)'}. Attendu : ${ROLE_USAGE}.`);
      flags.role = role;
    } else if (flag === '--clients') {
      const ids = (args[++i] ?? '').split(',').filter((id) => id !== '');
      const bad = ids.find((id) => !z.guid().safeParse(id).success);
      if (ids.length === 0 || bad !== undefined)
        throw new UsageError(
          `--clients attend des identifiants de clients séparés par des virgules${bad ? ` (« ${bad} »)` : ''}.`,
        );
      flags.clientIds = ids.map((id) => id.toLowerCase());
    } else if (flag === '--all-clients') {
      flags.clientIds = null;
    } else {
      throw new UsageError(`Option inconnue : ${flag}.`);
    }
  }
  return flags;
}

async function run(command: string | undefined, args: string[], io: UsersIo): Promise<string> {
  const commands = ['create', 'list', 'disable', 'enable', 'reset', 'role'];
  if (!command || !commands.includes(command))
    throw new UsageError(`Commandes : ${commands.map((c) => `user:${c}`).join(', ')}.`);
  const email = command === 'list' ? '' : emailArg(args, command);
  const isTemporary = command === 'create' && args.includes('--temporary');
  const flagArgs = args.filter((a) => !(isTemporary && a === '--temporary'));
  const flags = command === 'create' || command === 'role' ? accessFlags(flagArgs) : {};
  if (command === 'role' && !flags.role)
    throw new UsageError(`Usage : npm run user:role -- email ${ROLE_USAGE} [--clients ID,ID…|--all-clients]`);
  // The password is asked before the database is opened: nothing waits on a person typing.
  const password = command === 'create' || command === 'reset' ? await newPassword(io.readPassword) : '';
  const { db, release } = await openConfiguredDb(parseCliEnv(io.env));
  try {
    const unknown = `Aucun utilisateur ${email}.`;
    const missing = flags.clientIds ? await unknownClients(db, flags.clientIds) : [];
    if (missing.length > 0) throw new UsageError(`Client introuvable : ${missing[0]}.`);
    const access: UserAccess = { role: flags.role ?? 'editor', clientIds: flags.clientIds ?? null };
    switch (command) {
      case 'create':
        if (!(await createUser(db, email, password, access, { isTemporary })))
          throw new UsageError(`L'utilisateur ${email} existe déjà.`);
        return `Utilisateur ${email} créé. Rôle : ${describeAccess(access)}.${isTemporary ? TEMPORARY : ''}`;
      case 'role': {
        const id = await userIdByEmail(db, email);
        if (!id) throw new UsageError(unknown);
        const current = (await listUsers(db)).find((u) => u.id === id)!;
        const next = {
          role: access.role,
          clientIds: flags.clientIds === undefined ? current.clientIds : access.clientIds,
        };
        await db.transaction((tx) => setAccess(tx, id, next));
        return `Utilisateur ${email} : rôle ${describeAccess(next)}.`;
      }
      case 'disable':
        if (!(await setDisabled(db, email, true))) throw new UsageError(unknown);
        return `Utilisateur ${email} désactivé ; ses sessions sont fermées.`;
      case 'enable':
        if (!(await setDisabled(db, email, false))) throw new UsageError(unknown);
        return `Utilisateur ${email} réactivé.`;
      case 'reset':
        if (!(await resetPassword(db, email, password))) throw new UsageError(unknown);
        return `Mot de passe de ${email} changé ; ses sessions et sa double authentification sont supprimées.${TEMPORARY}`;
      default: {
        const users = await listUsers(db);
        if (users.length === 0)
          return 'Aucun utilisateur. Créez le premier : npm run user:create -- prenom.nom@agence.fr';
        return users
          .map((u) =>
            [
              u.email,
              u.disabled ? 'désactivé' : 'actif',
              u.twoFactorEnabled ? '2FA' : 'sans 2FA',
              `${u.sessions} session(s)`,
              describeAccess(u),
            ].join('\t'),
          )
          .join('\n');
      }
    }
  } finally {
    await db.close();
    release();
  }
}

function describeAccess(access: UserAccess): string {
  const scope = access.clientIds === null ? 'tous les clients' : `${access.clientIds.length} client(s) assigné(s)`;
  return `${access.role}, ${scope}`;
}
