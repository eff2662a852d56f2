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
import { runUsersCommand, UsageError } from './users-command';

/** The password: stdin's first line when it is not a terminal, else typed twice, not echoed. */
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

runUsersCommand(process.argv.slice(2), { readPassword }).then(({ code, out }) => {
  if (code === 0) console.log(out);
  else console.error(out);
  process.exitCode = code;
});
