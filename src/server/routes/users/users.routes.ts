/**
 * The 'Utilisateurs' admin page's API (docs/product.md#roles, ADR 033), admin only:
 * GET /api/users, POST /api/users {email, role, clientIds} → 201 {user, temporaryPassword} (shown
 * once, never stored in clear), PATCH /api/users/:id {role?, clientIds?, disabled?}. An admin
 * changes neither their own role nor scope, nor disables themselves: nobody raises or locks out
 * their own account. GET /api/access tells the web app what the caller may do (every role).
 */
import type { AccessAnswer, CreatedUserAnswer, UserAnswer, UsersAnswer } from '@/domain/answers';
import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import type { Role, UserWire } from '@/domain/control';
import { createUserBody, updateUserBody, userIdParams } from '@/domain/control-schemas';
import { createUser, listUsers, setAccess, setDisabled, userIdByEmail, type UserRow } from '@/server/auth/users.repo';
import type { Db } from '@/server/db/client';
import { actorOf } from '@/server/lib/actor';
import { conflict, notFound, readJson, validate } from '@/server/lib/errors';
import { unknownClients } from '@/server/policy/access.repo';
import { accessOf, accessToWire, forbidden, requireCan } from '@/server/policy/policy';

const toWire = (u: UserRow): UserWire => ({
  id: u.id,
  email: u.email,
  role: u.role,
  clientIds: u.clientIds,
  disabled: u.disabled,
  twoFactorEnabled: u.twoFactorEnabled,
});

/** 18 random bytes: 24 characters of base64url, above the 12-character minimum. */
const temporaryPassword = () => randomBytes(18).toString('base64url');

const USER_NOT_FOUND = 'Utilisateur introuvable.';

/** Assigned clients must exist (the table keeps ids without a foreign key, ADR 033). */
async function assertClients(db: Db, ids: readonly string[] | null | undefined) {
  const unknown = ids ? await unknownClients(db, ids) : [];
  if (unknown.length > 0) throw notFound(`Client introuvable : ${unknown[0]}. Rien n'a été enregistré.`);
}

/**
 * A new user's clients when the admin named none (docs/product.md#user-scope): none for an editor
 * or a viewer — a narrow default, widened by assigning — and every client for an admin.
 */
const defaultScope = (role: Role, clientIds: readonly string[] | null | undefined) =>
  clientIds !== undefined ? clientIds : role === 'admin' ? null : [];

export function usersRoutes(db: Db) {
  const find = async (id: string) => (await listUsers(db)).find((u) => u.id === id);
  return new Hono()
    .get('/access', (c) => c.json(accessToWire(accessOf(c), actorOf(c)) satisfies AccessAnswer))
    .get('/users', async (c) => {
      requireCan(c, 'admin');
      return c.json((await listUsers(db)).map(toWire) satisfies UsersAnswer);
    })
    .post('/users', async (c) => {
      requireCan(c, 'admin');
      const body = validate(createUserBody, await readJson(c));
      await assertClients(db, body.clientIds);
      const password = temporaryPassword();
      const access = { role: body.role, clientIds: defaultScope(body.role, body.clientIds) };
      // Shown to the admin, handed to its owner: temporary (ADR 051).
      if (!(await createUser(db, body.email, password, access, { isTemporary: true }))) {
        throw conflict(`L'utilisateur ${body.email.toLowerCase()} existe déjà.`);
      }
      const id = (await userIdByEmail(db, body.email))!;
      return c.json({ user: toWire((await find(id))!), temporaryPassword: password } satisfies CreatedUserAnswer, 201);
    })
    .patch('/users/:id', async (c) => {
      requireCan(c, 'admin');
      const { id } = validate(userIdParams, c.req.param());
      const body = validate(updateUserBody, await readJson(c));
      const user = await find(id);
      if (!user) throw notFound(USER_NOT_FOUND);
      await assertClients(db, body.clientIds);
      if (user.email === actorOf(c) && (body.role !== undefined || body.clientIds !== undefined || body.disabled)) {
        throw forbidden('Vous ne pouvez changer ni votre propre rôle, ni vos clients, ni vous désactiver.');
      }
      if (body.role !== undefined || body.clientIds !== undefined) {
        const access = {
          role: body.role ?? user.role,
          clientIds: body.clientIds === undefined ? user.clientIds : body.clientIds,
        };
        await db.transaction((tx) => setAccess(tx, id, access));
      }
      if (body.disabled !== undefined) await setDisabled(db, user.email, body.disabled);
      return c.json(toWire((await find(id))!) satisfies UserAnswer);
    });
}
