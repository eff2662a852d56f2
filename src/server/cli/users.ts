/**
 * Accounts from the command line (there is no public sign-up):
 *   npm run user:create -- email [--role admin|editor|viewer] [--clients ID,ID…] [--temporary]
 *                                    asks for the password (twice, not echoed) and creates the user:
 *                                    an editor of every client unless told otherwise; --temporary:
 *                                    they choose their own password at first sign-in (ADR 051)
 *   npm run user:role -- email --role … [--clients ID,ID…|--all-clients]   sets role and scope
 *   npm run user:list                lists users, whether disabled, with 2FA, and live sessions
 *   npm run user:disable -- email    disables a user and ends their sessions (user:enable undoes it)
 *   npm run user:reset -- email      sets a temporary password (changed at the next sign-in), ends
 *                                    sessions, removes two-factor
 * When stdin is not a terminal, the password is its first line (scripts, tests). It opens the
 * database like the server does: on the embedded database it refuses while a server holds DATA_DIR.
 */
import readline from 'node:readline';
import { Writable } from 'node:stream';
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

class UsageError extends Error {}

const TEMPORARY = ' Mot de passe temporaire : à changer à la première connexion.';

async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(Buffer.from(chunk as Uint8Array));
    return Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0] ?? '';
  }
  const first = await promptHidden('Mot de passe : ');
  const second = await promptHidden('Confirmez le mot de passe : ');
  if (first !== second) throw new UsageError('Les deux mots de passe ne correspondent pas.');
  return first;
}

/** Reads one line from the terminal without echoing it: readline writes its echo to a sink. */
function promptHidden(question: string): Promise<string> {
  process.stdout.write(question);
  const sink = new Writable({ write: (_chunk, _encoding, done) => done() });
  const rl = readline.createInterface({ input: process.stdin, output: sink, terminal: true });
  return new Promise((resolve) => {
    rl.question('', (answer) => {
      rl.close();
      process.stdout.write('\n');
      resolve(answer);
    });
  });
}

async function newPassword(): Promise<string> {
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

async function run(command: string | undefined, args: string[]): Promise<string> {
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
  const password = command === 'create' || command === 'reset' ? await newPassword() : '';
  const { db, release } = await openConfiguredDb(parseCliEnv());
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

const [command, ...args] = process.argv.slice(2);
run(command, args).then(
  (message) => console.log(message),
  (err: unknown) => {
    if (err instanceof UsageError || err instanceof DataDirLockedError) console.error(err.message);
    else console.error('Échec :', err instanceof Error ? err.message : err);
    process.exitCode = 1;
  },
);
