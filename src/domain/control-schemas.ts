/**
 * The zod schemas of the closing and user routes (docs/product.md#month-closing,
 * docs/product.md#roles), apart from control.ts so the first bundle does not carry zod.
 */
import { z } from 'zod';
import { ROLES } from './control';
import { monthText } from './schemas';

const noteText = (what: string) =>
  z
    .string({ error: `${what} doit être un texte.` })
    .trim()
    .max(500, { error: `${what} fait au plus 500 caractères.` })
    .refine((s) => !s.includes('\u0000'), { error: `${what} contient un caractère interdit (NUL).` });

/** The path of the closing routes: `/api/years/:year/months/:month/…`. */
export const monthParams = z.object({ month: monthText });

/** `POST …/close {note?}`. */
export const closeMonthBody = z.strictObject({ note: noteText('La note').optional() });

/** `POST …/reopen {reason}`: the reason is required. */
export const reopenMonthBody = z.strictObject({
  reason: noteText('Le motif').pipe(z.string().min(1, { error: 'Le motif de réouverture est obligatoire.' })),
});

const roleSchema = z.enum(ROLES, { error: 'Le rôle doit être admin, editor ou viewer.' });
const clientIdsSchema = z
  .array(z.guid({ error: 'Identifiant de client invalide (UUID attendu).' }))
  .max(5000, { error: 'Au plus 5000 clients.' })
  .nullable();

/** `POST /api/users {email, role, clientIds}`: the server draws the temporary password. */
export const createUserBody = z.strictObject({
  email: z.email({ error: 'Adresse email invalide.' }).max(254, { error: 'Adresse email trop longue.' }),
  role: roleSchema.default('editor'),
  // docs/product.md#user-scope: left out, an editor or a viewer starts with no client (until assigned), an admin with all.
  clientIds: clientIdsSchema.optional(),
});

/** `PATCH /api/users/:id {role?, clientIds?, disabled?}`. */
export const updateUserBody = z.strictObject({
  role: roleSchema.optional(),
  clientIds: clientIdsSchema.optional(),
  disabled: z.boolean({ error: 'disabled doit être vrai ou faux.' }).optional(),
});

export const userIdParams = z.object({ id: z.string().min(1).max(100) });
