/**
 * Accounts in better-auth's tables (migration 0002_auth), for the command line and the disabled
 * check. Passwords are hashed by better-auth's own function, so its sign-in verifies them.
 */
import { randomUUID } from 'node:crypto';
import { hashPassword } from 'better-auth/crypto';
import type { Role } from '@/domain/control';
import type { Db, Queryable } from '../db/client';

export interface UserRow {
  id: string;
  email: string;
  name: string;
  disabled: boolean;
  twoFactorEnabled: boolean;
  createdAt: Date;
  sessions: number;
  role: Role;
  /** null: every client (docs/product.md#roles). */
  clientIds: string[] | null;
}

/** A user's role and scope (null: every client). */
export interface UserAccess {
  role: Role;
  clientIds: readonly string[] | null;
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
            u."createdAt", u.role,
            case when u.all_clients then null
                 else array(select uc.client_id::text from user_clients uc join clients c on c.id = uc.client_id
                             where uc.user_id = u.id order by uc.client_id) end
              as "clientIds",
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

/**
 * Creates a user with a credential account (an editor of every client by default); false when the
 * email is taken. A temporary password (`isTemporary`, ADR 051) must be changed at first sign-in.
 */
export async function createUser(
  db: Db,
  email: string,
  password: string,
  access: UserAccess = { role: 'editor', clientIds: null },
  { isTemporary = false }: { isTemporary?: boolean } = {},
): Promise<boolean> {
  const hash = await hashPassword(password);
  const normalised = normaliseEmail(email);
  return db.transaction(async (tx) => {
    const id = randomUUID();
    const inserted = await tx.query(
      `insert into auth_user (id, name, email, "emailVerified", "createdAt", "updatedAt", must_change_password)
       values ($1, $2, $2, true, now(), now(), $3) on conflict (email) do nothing`,
      [id, normalised, isTemporary],
    );
    if (inserted.rowCount === 0) return false;
    await insertCredential(tx, id, hash);
    await setAccess(tx, id, access);
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
 * Sets a new temporary password (its owner chooses their own at the next sign-in, ADR 051), ends
 * every session and removes two-factor (the usual reason for a reset is a lost phone as much as a
 * lost password). False when unknown.
 */
export async function resetPassword(db: Db, email: string, password: string): Promise<boolean> {
  const hash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: string }>(
      `update auth_user set "twoFactorEnabled" = false, must_change_password = true, "updatedAt" = now()
        where email = $1 returning id`,
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

/**
 * Sets a user's role and scope (docs/product.md#roles): the assigned clients replace the previous
 * ones. The caller checks the ids name clients (there is no foreign key, ADR 033).
 */
export async function setAccess(tx: Queryable, userId: string, access: UserAccess): Promise<void> {
  await tx.query(`update auth_user set role = $2, all_clients = $3, "updatedAt" = now() where id = $1`, [
    userId,
    access.role,
    access.clientIds === null,
  ]);
  await tx.query('delete from user_clients where user_id = $1', [userId]);
  if (access.clientIds !== null && access.clientIds.length > 0) {
    await tx.query(
      `insert into user_clients (user_id, client_id) select $1, unnest($2::uuid[]) on conflict do nothing`,
      [userId, access.clientIds],
    );
  }
}

/** The id of a user by email, or undefined. */
export async function userIdByEmail(q: Queryable, email: string): Promise<string | undefined> {
  const { rows } = await q.query<{ id: string }>('select id from auth_user where email = $1', [normaliseEmail(email)]);
  return rows[0]?.id;
}

/**
 * Marks `key` (a user and a TOTP code) as used until `ttlMs` from now; false when it already was:
 * the code then lets nobody in again (RFC 6238 §5.2), whichever instance it is sent to (ADR 035).
 * Two claims at once: the second waits for the first's insert and finds it.
 */
export async function claimUsedCode(q: Queryable, key: string, ttlMs: number): Promise<boolean> {
  await q.query(`delete from auth_used_codes where until < now()`);
  const { rows } = await q.query(
    `insert into auth_used_codes (key, until) values ($1, now() + make_interval(secs => $2))
     on conflict (key) do nothing returning 1 as claimed`,
    [key, ttlMs / 1000],
  );
  return rows.length === 1;
}
