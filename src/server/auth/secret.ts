/**
 * The secret better-auth signs session cookies and encrypts TOTP secrets with. AUTH_SECRET wins;
 * otherwise one is generated on first start into DATA_DIR/auth-secret (mode 0600) and reused, so
 * a restart keeps everyone signed in and two-factor codes working (ADR 015).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const SECRET_FILE = 'auth-secret';

export function resolveAuthSecret(envSecret: string | undefined, dataDir: string): string {
  if (envSecret) return envSecret;
  const file = path.join(dataDir, SECRET_FILE);
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    // O_EXCL: two processes starting at once cannot both write one.
    fs.writeFileSync(file, randomBytes(32).toString('base64'), { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const mode = fs.statSync(file).mode & 0o777;
  if ((mode & 0o077) !== 0) {
    throw new Error(
      `${file} est lisible par d'autres utilisateurs (droits ${mode.toString(8)}) : faites « chmod 600 ${file} ».`,
    );
  }
  const secret = fs.readFileSync(file, 'utf8').trim();
  if (secret.length < 32)
    throw new Error(`${file} est invalide : supprimez-le (les sessions en cours seront perdues).`);
  return secret;
}
