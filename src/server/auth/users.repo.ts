/**
 * Accounts in better-auth's tables (migration 0002_auth), for the command line and the disabled
 * check. Passwords are hashed by better-auth's own function, so its sign-in verifies them.
 */
import { randomUUID } from 'node:crypto';
import { hashPassword } from 'better-auth/crypto';
import type { Db, Queryable } from '../db/client';

export interface UserRow {
  id: string;
  email: string;
  name: string;
  disabled: boolean;
  twoFactorEnabled: boolean;
  createdAt: Date;
  sessions: number;
}

/** better-auth stores emails lower-cased; so do we, so that its sign-in finds them. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

export async function isDisabled(db: Queryable, email: string): Promise<boolean> {
  const { rows } = await db.query<{ disabled: boolean }>('select disabled from auth_user where email = $1', [
    normaliseEmail(email),
  ]);
  return rows[0]?.disabled ?? false;
}

export async function listUsers(db: Queryable): Promise<UserRow[]> {
  const { rows } = await db.query<UserRow>(
    `select u.id, u.email, u.name, u.disabled, coalesce(u."twoFactorEnabled", false) as "twoFactorEnabled",
            u."createdAt",
            (select count(*)::int from auth_session s where s."userId" = u.id and s."expiresAt" > now()) as sessions
       from auth_user u order by u.email`,
  );
  return rows;
}

/** better-auth's email + password account: provider 'credential', accountId = the user id. */
async function insertCredential(tx: Queryable, userId: string, hash: string) {
  await tx.query(
    `insert into auth_account (id, "accountId", "providerId", "userId", password, "createdAt", "updatedAt")
     values ($1, $2, 'credential', $2, $3, now(), now())`,
    [randomUUID(), userId, hash],
  );
}

/** Creates a user with a credential account; false when the email is already taken. */
export async function createUser(db: Db, email: string, password: string): Promise<boolean> {
  const hash = await hashPassword(password);
  const normalised = normaliseEmail(email);
  return db.transaction(async (tx) => {
    const id = randomUUID();
    const inserted = await tx.query(
      `insert into auth_user (id, name, email, "emailVerified", "createdAt", "updatedAt")
       values ($1, $2, $2, true, now(), now()) on conflict (email) do nothing`,
      [id, normalised],
    );
    if (inserted.rowCount === 0) return false;
    await insertCredential(tx, id, hash);
    return true;
  });
}

/** Disables (or re-enables) a user; disabling ends their sessions. False when unknown. */
export async function setDisabled(db: Db, email: string, disabled: boolean): Promise<boolean> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: string }>(
      `update auth_user set disabled = $2, "updatedAt" = now() where email = $1 returning id`,
      [normaliseEmail(email), disabled],
    );
    if (rows.length === 0) return false;
    if (disabled) await tx.query('delete from auth_session where "userId" = $1', [rows[0]!.id]);
    return true;
  });
}

/**
 * Sets a new password, ends every session and removes two-factor (the usual reason for a reset
 * is a lost phone as much as a lost password). False when unknown.
 */
export async function resetPassword(db: Db, email: string, password: string): Promise<boolean> {
  const hash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: string }>(
      `update auth_user set "twoFactorEnabled" = false, "updatedAt" = now() where email = $1 returning id`,
      [normaliseEmail(email)],
    );
    const id = rows[0]?.id;
    if (!id) return false;
    const updated = await tx.query(
      `update auth_account set password = $2, "updatedAt" = now() where "userId" = $1 and "providerId" = 'credential'`,
      [id, hash],
    );
    if (updated.rowCount === 0) {
      await insertCredential(tx, id, hash);
    }
    await tx.query('delete from auth_two_factor where "userId" = $1', [id]);
    await tx.query('delete from auth_session where "userId" = $1', [id]);
    return true;
  });
}
