/**
 * zod schemas of every HTTP payload (docs/product.md#http-api): the wire, where amounts are euros as JSON
 * numbers. One schema serves the server validation and the backup import; `codec.ts` then turns
 * the validated wire values into the cents model (model.ts). Messages are French so the UI can
 * show them as they are. Imported by name from this module (not through the domain's index),
 * so the browser's first bundle stays free of zod.
 */
import { z } from 'zod';
import { BACKUP_VERSION } from './files/backup-json';
import { MEASURES } from './measures';
import { MONTH_COUNT } from './months';
import { MAX_ABS_EUROS } from './money';

z.config(z.locales.fr());

/** Longest name accepted for a client, pole or line. */
export const MAX_NAME_LENGTH = 200;
/** Most cells one `PATCH /api/cells` may carry. */
export const MAX_CELLS_PER_PATCH = 5000;

export const idSchema = z.guid({ error: 'Identifiant invalide (UUID attendu).' });

/** A trimmed, non-empty name. */
export const nameSchema = z
  .string({ error: 'Le nom doit être un texte.' })
  .trim()
  .min(1, { error: 'Le nom ne peut pas être vide.' })
  .max(MAX_NAME_LENGTH, { error: `Le nom ne peut pas dépasser ${MAX_NAME_LENGTH} caractères.` })
  // PostgreSQL text cannot hold NUL: refusing it here keeps a restore's failure a 400, not a 500.
  .refine((s) => !s.includes('\u0000'), { error: 'Le nom contient un caractère interdit (NUL).' });

/** An amount in euros as a JSON number: finite, within numeric(14,2). Rounded to cents later. */
export const amountSchema = z
  .number({ error: 'Le montant doit être un nombre.' })
  .refine(Number.isFinite, { error: 'Le montant doit être un nombre fini.' })
  .refine((n) => Math.abs(n) <= MAX_ABS_EUROS, {
    error: 'Le montant dépasse la limite autorisée (999 999 999 999,99 €).',
  });

export const monthSchema = z.coerce
  .number({ error: 'Le mois doit être un nombre.' })
  .int({ error: 'Le mois doit être un entier de 0 à 11.' })
  .min(0, { error: 'Le mois doit être un entier de 0 à 11.' })
  .max(MONTH_COUNT - 1, { error: 'Le mois doit être un entier de 0 à 11.' });

export const measureSchema = z.enum(MEASURES, {
  error: 'Le champ doit être previsionnel, achat_previsionnel, reel ou achat.',
});

const twelveAmounts = z.array(amountSchema).length(MONTH_COUNT, { error: 'Il faut exactement 12 valeurs mensuelles.' });

const twelveBooleans = z.array(z.boolean()).length(MONTH_COUNT, { error: 'Il faut exactement 12 valeurs mensuelles.' });

function isStorableDate(text: string): boolean {
  const time = Date.parse(text);
  if (Number.isNaN(time)) return false;
  const year = new Date(time).getUTCFullYear();
  return year >= 1 && year <= 9999;
}

/** A client on the wire (docs/product.md#client-side-views). Amounts in euros. */
export const clientSchema = z.object({
  id: idSchema,
  name: nameSchema,
  prevision_mb_annuelle_debut: amountSchema,
  prevision_mb_annuelle_revue: amountSchema,
  // Any date JavaScript reads, within years 1–9999 (what PostgreSQL and ISO 8601 both hold).
  created_at: z.string().refine(isStorableDate, { error: 'Date invalide.' }),
});
export type ClientWire = z.infer<typeof clientSchema>;

/** A budget line on the wire (docs/product.md#client-side-views): four arrays of 12 amounts in euros. */
export const lineSchema = z.object({
  id: idSchema,
  name: nameSchema,
  previsionnel: twelveAmounts,
  achat_previsionnel: twelveAmounts,
  reel: twelveAmounts,
  achat: twelveAmounts,
});
export type LineWire = z.infer<typeof lineSchema>;

/** An expertise pole on the wire (docs/product.md#client-side-views). */
export const poleSchema = z.object({
  id: idSchema,
  name: nameSchema,
  isExpanded: z.boolean().default(true),
  facture: twelveBooleans.default(() => Array.from({ length: MONTH_COUNT }, () => false)),
  lines: z.array(lineSchema),
});
export type PoleWire = z.infer<typeof poleSchema>;

/** Budget data of several clients on the wire: client id → poles. */
export type BudgetDataWire = Record<string, PoleWire[]>;

// ---- request bodies ------------------------------------------------------------------------

export const createClientBody = z.strictObject({ name: nameSchema });
export type CreateClientBody = z.infer<typeof createClientBody>;

export const updateClientBody = z
  .strictObject({
    name: nameSchema.optional(),
    prevision_mb_annuelle_debut: amountSchema.optional(),
  })
  .refine((b) => b.name !== undefined || b.prevision_mb_annuelle_debut !== undefined, {
    error: 'Rien à modifier : indiquez name ou prevision_mb_annuelle_debut.',
  });
export type UpdateClientWire = z.infer<typeof updateClientBody>;

export const addPoleBody = z.strictObject({
  name: nameSchema,
  lines: z
    .array(nameSchema)
    .min(1, { error: 'Choisissez au moins une ligne.' })
    .max(500, { error: 'Trop de lignes (500 au plus).' }),
});
export type AddPoleBody = z.infer<typeof addPoleBody>;

export const updatePoleBody = z.strictObject({
  isExpanded: z.boolean({ error: 'isExpanded doit être vrai ou faux.' }),
});

export const setFactureBody = z.strictObject({
  value: z.boolean({ error: 'value doit être vrai ou faux.' }),
});

export const addLineBody = z.strictObject({ name: nameSchema });

export const cellUpdateSchema = z.strictObject({
  lineId: idSchema,
  month: monthSchema.pipe(z.number()),
  field: measureSchema,
  value: amountSchema,
});
export type CellUpdateWire = z.infer<typeof cellUpdateSchema>;

export const patchCellsBody = z
  .array(cellUpdateSchema, { error: 'Une liste de cellules est attendue.' })
  .min(1, { error: 'Au moins une cellule est attendue.' })
  .max(MAX_CELLS_PER_PATCH, { error: `Au plus ${MAX_CELLS_PER_PATCH} cellules par envoi.` });

export const idParams = z.object({ id: idSchema });
export const factureParams = z.object({ id: idSchema, month: monthSchema });

// ---- backup --------------------------------------------------------------------------------

/**
 * The JSON backup (docs/product.md#file-json-backup). Validation is complete before anything is written: shapes,
 * 12 values per array, finite amounts, unique ids, every budgetData key a listed client.
 */
export const backupSchema = z
  .object({
    clients: z.array(clientSchema),
    budgetData: z.record(z.string(), z.array(poleSchema)),
    exportDate: z.string().optional(),
    version: z.number().optional(),
  })
  .superRefine((backup, ctx) => {
    if (backup.version !== undefined && backup.version > BACKUP_VERSION) {
      ctx.addIssue({
        code: 'custom',
        path: ['version'],
        message: `Sauvegarde d'une version plus récente (${backup.version}) que celle que cet outil sait lire (${BACKUP_VERSION}).`,
      });
    }
    const clientIds = new Set<string>();
    backup.clients.forEach((c, i) => {
      if (clientIds.has(c.id.toLowerCase())) {
        ctx.addIssue({ code: 'custom', path: ['clients', i, 'id'], message: `Client en double : ${c.id}.` });
      }
      clientIds.add(c.id.toLowerCase());
    });
    const seen = new Set<string>();
    for (const [clientId, poles] of Object.entries(backup.budgetData)) {
      if (!clientIds.has(clientId.toLowerCase())) {
        ctx.addIssue({
          code: 'custom',
          path: ['budgetData', clientId],
          message: `Données budgétaires pour un client absent de la liste : ${clientId}.`,
        });
      }
      poles.forEach((pole, p) => {
        const ids: [string, (string | number)[]][] = [
          [pole.id, ['budgetData', clientId, p, 'id']],
          ...pole.lines.map((l, li): [string, (string | number)[]] => [
            l.id,
            ['budgetData', clientId, p, 'lines', li, 'id'],
          ]),
        ];
        for (const [id, path] of ids) {
          if (seen.has(id.toLowerCase())) {
            ctx.addIssue({ code: 'custom', path, message: `Identifiant en double : ${id}.` });
          }
          seen.add(id.toLowerCase());
        }
      });
    }
  });
export type BackupWire = z.infer<typeof backupSchema>;
