/**
 * zod schemas of every HTTP payload (docs/product.md#http-api): the wire, where amounts are euros as JSON
 * numbers. One schema serves the server validation and the backup import; `codec.ts` then turns
 * the validated wire values into the cents model (model.ts). Messages are French so the UI can
 * show them as they are. Imported by name from this module (not through the domain's index),
 * so the browser's first bundle stays free of zod.
 */
import { z } from 'zod';
import { MAX_NAME_LENGTH, foldName } from './names';
import { findInJson } from './json-walk';
import { BACKUP_VERSION } from './files/backup-version';
import { MAX_DRIVER_PERCENT } from './drivers';
import { MEASURES } from './measures';
import { MONTH_COUNT } from './months';
import { MAX_ABS_EUROS } from './money';
import { MAX_UPLIFT, MIN_UPLIFT, ROLL_FORWARD_FIGURES, ROLL_FORWARD_MODES, upliftHundredths } from './rollforward';
import { invalidYearMessage, isYear, MAX_YEAR, MIN_YEAR } from './years';
import { urlInteger } from './url-numbers';
import { LANDING_METHODS, MAX_GROWTH, MIN_GROWTH } from './landing';
import { MAX_SIGNOFF_TEXT, ONE_CLIENT_REFERENCE, SIGNOFF_STATUSES, type BackupSignoff } from './signoff';
import { CELL_SOURCES } from './history';
import { CLIENT_ATTRIBUTE_TEXTS, CLIENT_STATUSES, MAX_MANAGER_LENGTH } from './client-attributes';
import {
  MAX_COMMENT_LENGTH,
  MAX_MENTIONS,
  BACKED_UP_NOTIFICATION_KINDS,
  COMMENT_TEXTS,
  type BackupComment,
  type BackupNotification,
} from './comments';

z.config(z.locales.fr());

export { MAX_NAME_LENGTH } from './names';
/** Most cells one `PATCH /api/cells` may carry. */
export const MAX_CELLS_PER_PATCH = 5000;

export const idSchema = z.guid({ error: 'Identifiant invalide (UUID attendu).' });

/**
 * Characters that show nothing: controls, format characters (zero-width, bidi overrides),
 * separators, unassigned and private-use code points, and the blank letters some fonts draw empty
 * (Hangul fillers, the braille blank, the combining grapheme joiner, the Mongolian vowel separator).
 */
const INVISIBLE = /^(?:[\p{C}\p{Z}\u115F\u1160\u3164\uFFA0\u2800\u180E]|\u034F)*$/u;

/**
 * Control characters (Unicode Cc: line breaks, tabs, escapes) and the bidirectional controls
 * (embeddings and overrides U+202A–U+202E, isolates U+2066–U+2069, the marks U+200E/U+200F): inside a
 * name they make one client look like another (`Client \u202Egnp.exe` reads « Client exe.png »).
 */
const CONTROL_OR_BIDI = /[\p{Cc}\u202A-\u202E\u2066-\u2069\u200E\u200F]/u;

/**
 * A trimmed, non-empty text with at least one visible character, and no control or bidi character:
 * the rules of a name, with `what` naming the field in the messages (« Le nom », « Le secteur »…).
 */
export function namedText(what: string, max = MAX_NAME_LENGTH) {
  return (
    z
      .string({ error: `${what} doit être un texte.` })
      .trim()
      .min(1, { error: `${what} ne peut pas être vide.` })
      .max(max, { error: `${what} ne peut pas dépasser ${max} caractères.` })
      // PostgreSQL text cannot hold NUL: refusing it here keeps a restore's failure a 400, not a 500.
      .refine((s) => !s.includes('\u0000'), { error: `${what} contient un caractère interdit (NUL).` })
      // A name nobody can see (a zero-width space, a control character) names nothing in a list.
      .refine((s) => !INVISIBLE.test(s), { error: `${what} ne contient aucun caractère visible.` })
      .refine((s) => s.includes('\u0000') || INVISIBLE.test(s) || !CONTROL_OR_BIDI.test(s), {
        error: `${what} contient un caractère interdit : retour à la ligne, tabulation, caractère de contrôle ou de direction du texte.`,
      })
  );
}

/** A trimmed, non-empty name with at least one visible character, and no control or bidi character. */
export const nameSchema = namedText('Le nom');

/** A client's sector (docs/product.md#client-attributes): a name's rules. */
export const sectorSchema = namedText('Le secteur');
/** A client's account manager: with accounts a user's email (checked by the route), else a free name. */
export const managerSchema = namedText('Le responsable de compte', MAX_MANAGER_LENGTH);
export const clientStatusSchema = z.enum(CLIENT_STATUSES, { error: CLIENT_ATTRIBUTE_TEXTS.status });

/** An amount in euros as a JSON number: finite, within numeric(14,2). Rounded to cents later. */
export const amountSchema = z
  .number({ error: 'Le montant doit être un nombre.' })
  .refine(Number.isFinite, { error: 'Le montant doit être un nombre fini.' })
  .refine((n) => Math.abs(n) <= MAX_ABS_EUROS, {
    error: 'Le montant dépasse la limite autorisée (999 999 999 999,99 €).',
  });

const MONTH_MESSAGE = 'Le mois doit être un entier de 0 à 11.';

/**
 * A month index as a JSON number: an integer 0–11, nothing coerced (`null`, `"3"`, `[5]`, `true`
 * would each land in a real month; JSON.stringify(NaN) is `null`).
 */
export const monthSchema = z
  .number({ error: MONTH_MESSAGE })
  .int({ error: MONTH_MESSAGE })
  .min(0, { error: MONTH_MESSAGE })
  .max(MONTH_COUNT - 1, { error: MONTH_MESSAGE })
  .refine((n) => !Object.is(n, -0), { error: MONTH_MESSAGE });

/** A month index as URL text (`/facture/3`, `?month=3`): the digits 0–11 only (url-numbers.ts). */
export const monthText = urlInteger(0, MONTH_COUNT - 1, MONTH_MESSAGE);

export const measureSchema = z.enum(MEASURES, {
  error: 'Le champ doit être previsionnel, achat_previsionnel, reel ou achat.',
});

/** A year as a JSON number (2000–2100). */
export const yearSchema = z.custom<number>(isYear, { error: (iss) => invalidYearMessage(iss.input) });

/** A year as URL text (`?year=2027`, `/years/2027/…`): digits only (url-numbers.ts), 2000–2100. */
export const yearText = urlInteger(MIN_YEAR, MAX_YEAR, (text) => invalidYearMessage(`« ${text} »`));

/**
 * `?year=` of every route that reads or writes budget data; absent, the server takes the fiscal
 * year holding today (docs/product.md#fiscal-years: `yearOf` in src/server/lib/errors.ts).
 */
export const yearQuery = z.object({ year: yearText.optional() });

const twelveAmounts = z.array(amountSchema).length(MONTH_COUNT, { error: 'Il faut exactement 12 valeurs mensuelles.' });

const twelveBooleans = z.array(z.boolean()).length(MONTH_COUNT, { error: 'Il faut exactement 12 valeurs mensuelles.' });

/** Oldest and newest year a client's creation date may have (a typo, not a shift, beyond). */
export const MIN_DATE_YEAR = 1900;
export const MAX_DATE_YEAR = 2100;

const ISO_DATE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}(?::?\d{2})?)?)?$/;

/**
 * An ISO 8601 date or date-time (what our backups write) of a real calendar day, years 1900–2100.
 * Anything else is refused rather than read leniently: `Date.parse` turns year 50 into 1950 and
 * 30 February into 1 March.
 */
export function isIsoDate(text: string): boolean {
  const m = ISO_DATE.exec(text);
  if (!m) return false;
  const [year, month, day, hour = 0, minute = 0, second = 0] = m.slice(1).map((p) => (p === undefined ? 0 : Number(p)));
  if (year! < MIN_DATE_YEAR || year! > MAX_DATE_YEAR || hour > 23 || minute > 59 || second > 59) return false;
  const date = new Date(Date.UTC(year!, month! - 1, day!));
  return date.getUTCMonth() === month! - 1 && date.getUTCDate() === day && !Number.isNaN(Date.parse(text));
}

/** A client on the wire (docs/product.md#client-side-views). Amounts in euros. */
export const clientSchema = z.object({
  id: idSchema,
  name: nameSchema,
  prevision_mb_annuelle_debut: amountSchema,
  prevision_mb_annuelle_revue: amountSchema,
  created_at: z.string().refine(isIsoDate, {
    error: `Date invalide : une date ISO 8601 (2026-01-31 ou 2026-01-31T08:00:00Z) entre ${MIN_DATE_YEAR} et ${MAX_DATE_YEAR} est attendue.`,
  }),
  // docs/product.md#client-attributes: absent (an older file), they read as none and 'actif'.
  manager: managerSchema.nullable().optional(),
  sector: sectorSchema.nullable().optional(),
  status: clientStatusSchema.optional(),
});
export type ClientWire = z.infer<typeof clientSchema>;

/** A client as the API answers it: its attributes always given (docs/product.md#client-attributes). */
export const clientAnswerSchema = clientSchema.extend({
  manager: managerSchema.nullable(),
  sector: sectorSchema.nullable(),
  status: clientStatusSchema,
});
export type ClientAnswerWire = z.infer<typeof clientAnswerSchema>;

/** A budget line on the wire (docs/product.md#client-side-views): four arrays of 12 amounts in euros. */
/**
 * A line's driver on the wire (docs/product.md#driver-lines): `measure` = `percent` % (0–1 000, two
 * decimals at most) of the sum of `sourceMeasure` over every other line of a pole or listed lines.
 */
export const lineDriverSchema = z.strictObject(
  {
    measure: measureSchema,
    percent: z
      .number({ error: 'Le pourcentage doit être un nombre.' })
      .min(0, { error: 'Le pourcentage doit être positif ou nul.' })
      .max(MAX_DRIVER_PERCENT, { error: `Le pourcentage fait au plus ${MAX_DRIVER_PERCENT} %.` })
      .refine((n) => Math.round(n * 100) / 100 === n, { error: 'Le pourcentage a au plus deux décimales.' }),
    sourceMeasure: measureSchema,
    sources: z.union(
      [
        z.strictObject({ pole: idSchema }),
        z.strictObject({
          lineIds: z
            .array(idSchema)
            .min(1, { error: 'Choisissez au moins une ligne source.' })
            .max(500, { error: 'Au plus 500 lignes sources.' }),
        }),
      ],
      { error: 'sources doit être {pole} ou {lineIds}.' },
    ),
  },
  { error: 'Le calcul doit être {measure, percent, sourceMeasure, sources}.' },
);
export type LineDriverWire = z.infer<typeof lineDriverSchema>;

export const lineSchema = z.object({
  id: idSchema,
  name: nameSchema,
  previsionnel: twelveAmounts,
  achat_previsionnel: twelveAmounts,
  reel: twelveAmounts,
  achat: twelveAmounts,
  /** Absent on a typed line (docs/product.md#driver-lines). */
  driver: lineDriverSchema.optional(),
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
    // docs/product.md#client-attributes: null clears the manager or the sector.
    manager: managerSchema.nullable().optional(),
    sector: sectorSchema.nullable().optional(),
    status: clientStatusSchema.optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), {
    error: 'Rien à modifier : indiquez name, prevision_mb_annuelle_debut, manager, sector ou status.',
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

/** Renaming a pole or a line in place (issue 13). */
export const renameBody = z.strictObject({ name: nameSchema });

/** Moving a line one place up or down within its pole (issue 13). */
export const moveLineBody = z.strictObject({
  direction: z.enum(['up', 'down'], { error: 'direction doit être « up » ou « down ».' }),
});

export const cellUpdateSchema = z.strictObject({
  lineId: idSchema,
  month: monthSchema,
  field: measureSchema,
  value: amountSchema,
  /** The value the user saw before editing (euros): when the stored one differs, 409 `conflict`, nothing saved. */
  expected: amountSchema.optional(),
});
export type CellUpdateWire = z.infer<typeof cellUpdateSchema>;

export const patchCellsBody = z
  .array(cellUpdateSchema, { error: 'Une liste de cellules est attendue.' })
  .min(1, { error: 'Au moins une cellule est attendue.' })
  .max(MAX_CELLS_PER_PATCH, { error: `Au plus ${MAX_CELLS_PER_PATCH} cellules par envoi.` });

/** Most cells and new lines one `POST /api/import` takes (docs/product.md#excel-import). */
export const MAX_IMPORT_CELLS = 250_000;
export const MAX_IMPORT_LINES = 20_000;

/** A new line an import creates: in the client's pole of that name (created when it is a catalogue pole). */
const importLineSchema = z.strictObject({ clientId: idSchema, pole: nameSchema, name: nameSchema });

/** A cell an import writes: of an existing line (`lineId`) or of a new one (`newLine`, its index in `lines`). */
export const importCellSchema = z
  .strictObject({
    lineId: idSchema.optional(),
    newLine: z.number({ error: 'newLine doit être un indice de lines.' }).int().min(0).optional(),
    month: monthSchema,
    field: measureSchema,
    value: amountSchema,
  })
  .refine((c) => (c.lineId === undefined) !== (c.newLine === undefined), {
    error: 'Indiquez soit lineId, soit newLine.',
  });
export type ImportCellWire = z.infer<typeof importCellSchema>;

export const importBody = z
  .strictObject({
    lines: z
      .array(importLineSchema)
      .max(MAX_IMPORT_LINES, { error: `Au plus ${MAX_IMPORT_LINES} nouvelles lignes par import.` }),
    cells: z
      .array(importCellSchema)
      .max(MAX_IMPORT_CELLS, { error: `Au plus ${MAX_IMPORT_CELLS} cellules par import.` }),
  })
  .refine((b) => b.cells.every((c) => c.newLine === undefined || c.newLine < b.lines.length), {
    error: 'newLine désigne une ligne absente de lines.',
  });
export type ImportRequestWire = z.infer<typeof importBody>;

export const idParams = z.object({ id: idSchema });
export const factureParams = z.object({ id: idSchema, month: monthText });

/** The path of `POST /api/years/:year/rollforward`. */
export const yearParams = z.object({ year: yearText });

const upliftSchema = z
  .number({ error: 'La hausse doit être un nombre (en %).' })
  .min(MIN_UPLIFT, { error: `La hausse ne peut pas être inférieure à ${MIN_UPLIFT} %.` })
  .max(MAX_UPLIFT, { error: `La hausse ne peut pas dépasser ${MAX_UPLIFT} %.` })
  .refine((n) => upliftHundredths(n) !== null, { error: 'La hausse a au plus deux décimales.' });

/** Most client ids one roll forward names (more: ask for 'all'). */
export const MAX_ROLL_FORWARD_CLIENTS = 5000;

/** The body of `POST /api/years/:year/rollforward` (docs/product.md#budget-years). */
export const rollForwardBody = z.strictObject({
  from: yearSchema,
  clients: z.union(
    [
      z.literal('all'),
      z
        .array(idSchema)
        .min(1, { error: 'Choisissez au moins un client.' })
        .max(MAX_ROLL_FORWARD_CLIENTS, { error: `Au plus ${MAX_ROLL_FORWARD_CLIENTS} clients.` }),
    ],
    { error: "clients doit valoir 'all' ou une liste d'identifiants." },
  ),
  figures: z.enum(ROLL_FORWARD_FIGURES, { error: 'figures doit être none, previsionnel, reel ou revue.' }),
  upliftSales: upliftSchema.default(0),
  upliftPurchases: upliftSchema.default(0),
  mode: z.enum(ROLL_FORWARD_MODES, { error: 'mode doit être fill-empty ou overwrite.' }).default('fill-empty'),
  dryRun: z.boolean({ error: 'dryRun doit être vrai ou faux.' }).default(false),
  // Freeze « Budget initial {N+1} » after it, in the same transaction (admin; ADR 049).
  freezeVersion: z.boolean({ error: 'freezeVersion doit être vrai ou faux.' }).default(false),
});
export type RollForwardBody = z.input<typeof rollForwardBody>;
export type RollForwardRequest = z.output<typeof rollForwardBody>;

// ---- history ----------------------------------------------------------------------------

/** `?source=` of PATCH /api/cells: where the batch came from (docs/product.md#history). */
export const cellSourceQuery = z.object({
  source: z.enum(CELL_SOURCES, { error: 'source doit être saisie, collage ou import.' }).default('saisie'),
});

/** An id or a count of the URL: 1 to `max`, written in plain digits (url-numbers.ts). */
const positiveInt = (what: string, max = Number.MAX_SAFE_INTEGER) =>
  urlInteger(1, max, `${what} doit être un entier de 1 à ${max} écrit en chiffres.`);

/** Most entries one history page holds. */
export const MAX_HISTORY_LIMIT = 200;

/** `GET /api/history?clientId=&year=&lineId=&month=&field=&limit=&before=`. */
export const historyQuery = z.object({
  clientId: idSchema.optional(),
  year: yearText.optional(),
  lineId: idSchema.optional(),
  month: monthText.optional(),
  field: measureSchema.optional(),
  limit: positiveInt('limit', MAX_HISTORY_LIMIT).default(50),
  before: positiveInt('before').optional(),
});
export type HistoryQuery = z.output<typeof historyQuery>;

/** `GET /api/history/stack?clientId=&year=`: the caller's undo and redo targets. */
export const historyStackQuery = z.object({ clientId: idSchema, year: yearText.optional() });

/** The path of `POST /api/history/:id/undo`. */
export const historyIdParams = z.object({ id: positiveInt('Identifiant de modification') });

// ---- backup --------------------------------------------------------------------------------

type Issues = { addIssue: (issue: { code: 'custom'; path: (string | number)[]; message: string }) => void };

/**
 * Checks budgetData against the listed client ids, and every pole and line id against `seen`
 * (ids are unique across the whole file, every year included). `at` prefixes the issue paths.
 */
function checkBudgetData(
  budgetData: Record<string, readonly { id: string; lines: readonly { id: string }[] }[]>,
  clientIds: ReadonlySet<string>,
  seen: Set<string>,
  at: (string | number)[],
  ctx: Issues,
): void {
  for (const [clientId, poles] of Object.entries(budgetData)) {
    if (!clientIds.has(clientId.toLowerCase())) {
      ctx.addIssue({
        code: 'custom',
        path: [...at, 'budgetData', clientId],
        message: `Données budgétaires pour un client absent de la liste : ${clientId}.`,
      });
    }
    poles.forEach((pole, p) => {
      const ids: [string, (string | number)[]][] = [
        [pole.id, [...at, 'budgetData', clientId, p, 'id']],
        ...pole.lines.map((l, li): [string, (string | number)[]] => [
          l.id,
          [...at, 'budgetData', clientId, p, 'lines', li, 'id'],
        ]),
      ];
      for (const [id, path] of ids) {
        if (seen.has(id.toLowerCase()))
          ctx.addIssue({ code: 'custom', path, message: `Identifiant en double : ${id}.` });
        seen.add(id.toLowerCase());
      }
    });
  }
}

/** The ids of a list, lowercased, with an issue for each one seen twice. */
function uniqueIds(items: readonly { id: string }[], at: (string | number)[], what: string, ctx: Issues): Set<string> {
  const ids = new Set<string>();
  items.forEach((item, i) => {
    if (ids.has(item.id.toLowerCase())) {
      ctx.addIssue({ code: 'custom', path: [...at, i, 'id'], message: `${what} en double : ${item.id}.` });
    }
    ids.add(item.id.toLowerCase());
  });
  return ids;
}

/**
 * The one-year JSON backup of SPEC's shape (docs/product.md#file-json-backup; no `version`, or
 * version 1). Validation is complete before anything is written: shapes, 12 values per array,
 * finite amounts, unique ids, every budgetData key a listed client.
 */
export const backupSchema = z
  .object({
    clients: z.array(clientSchema),
    budgetData: z.record(z.string(), z.array(poleSchema)),
    exportDate: z.string().optional(),
    version: z.number().optional(),
    year: z.number().optional(),
  })
  .superRefine((backup, ctx) => {
    if (backup.version !== undefined && backup.version > BACKUP_VERSION) {
      ctx.addIssue({
        code: 'custom',
        path: ['version'],
        message: `Sauvegarde d'une version plus récente (${backup.version}) que celle que cet outil sait lire (${BACKUP_VERSION}).`,
      });
    }
    const clientIds = uniqueIds(backup.clients, ['clients'], 'Client', ctx);
    checkBudgetData(backup.budgetData, clientIds, new Set(), [], ctx);
  });
export type BackupWire = z.infer<typeof backupSchema>;

/** A client in a version 2 backup: what does not depend on the year. */
export const clientIdentitySchema = clientSchema.pick({
  id: true,
  name: true,
  created_at: true,
  manager: true,
  sector: true,
  status: true,
});
export type ClientIdentityWire = z.infer<typeof clientIdentitySchema>;

/** A client's fields of one year in a version 2 backup (the revised forecast is recomputed on restore). */
export const yearClientSchema = clientSchema.pick({
  id: true,
  prevision_mb_annuelle_debut: true,
  prevision_mb_annuelle_revue: true,
});
export type YearClientWire = z.infer<typeof yearClientSchema>;

/** One year of a version 2 backup: its clients' year fields and their budgets. */
export const yearBudgetSchema = z.object({
  year: yearSchema,
  clients: z.array(yearClientSchema),
  budgetData: z.record(z.string(), z.array(poleSchema)),
});
export type YearBudgetWire = z.infer<typeof yearBudgetSchema>;

/** A frozen line (docs/product.md#versions-and-landing): the forecast measures only, euros. */
export const forecastLineSchema = lineSchema.pick({
  id: true,
  name: true,
  previsionnel: true,
  achat_previsionnel: true,
});
/** A frozen pole: SPEC's Pole with forecast lines. */
export const forecastPoleSchema = poleSchema.extend({ lines: z.array(forecastLineSchema) });
export type ForecastPoleWire = z.infer<typeof forecastPoleSchema>;

/** A version in a version 2 backup (ADR 049): its summary, clients' initial MB forecasts and frozen poles. */
export const versionBackupSchema = z.object({
  id: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  year: yearSchema,
  name: nameSchema,
  at: z.string().refine(isIsoDate, { error: 'Date de version invalide : une date ISO 8601 est attendue.' }),
  by: z.string().max(MAX_NAME_LENGTH),
  reference: z.boolean(),
  clientId: idSchema.nullable().optional(),
  clients: z.array(yearClientSchema.pick({ id: true, prevision_mb_annuelle_debut: true })),
  budgetData: z.record(idSchema, z.array(forecastPoleSchema)),
});
export type VersionBackupWire = z.infer<typeof versionBackupSchema>;

/**
 * The versions of a backup: ids unique, names unique per year (folded), one reference per year
 * at most; inside a version, clients, poles and lines unique (what the tables' keys require, so
 * that a hand-made file is a 400, not a 500). Their clients need not be listed: a version outlives them.
 */
function checkVersions(versions: readonly VersionBackupWire[], ctx: Issues): void {
  const ids = new Set<number>();
  const names = new Set<string>();
  const references = new Set<number>();
  versions.forEach((v, i) => {
    const issue = (path: (string | number)[], message: string) =>
      ctx.addIssue({ code: 'custom', path: ['versions', i, ...path], message });
    if (ids.has(v.id)) issue(['id'], `Version en double : ${v.id}.`);
    ids.add(v.id);
    const name = `${v.year} ${foldName(v.name)}`;
    if (names.has(name)) issue(['name'], `Deux versions de ${v.year} portent le nom « ${v.name} ».`);
    names.add(name);
    if (v.reference && references.has(v.year)) issue(['reference'], `Plusieurs versions de référence en ${v.year}.`);
    if (v.reference) references.add(v.year);
    if (v.reference && v.clientId) issue(['reference'], ONE_CLIENT_REFERENCE(v.name));
    uniqueIds(v.clients, ['versions', i, 'clients'], 'Client', ctx);
    const keys = new Set(Object.keys(v.budgetData).map((id) => id.toLowerCase()));
    checkBudgetData(v.budgetData, keys, new Set(), ['versions', i], ctx);
  });
}

/** The version 2 backup: every client once, every year (ADR 021), the versions (ADR 049, optional). */
const backupId = (what: string) =>
  z
    .number({ error: `${what} : un entier est attendu.` })
    .int({ error: `${what} : un entier est attendu.` })
    .min(1, { error: `${what} : au moins 1.` })
    .max(Number.MAX_SAFE_INTEGER, { error: `${what} : trop grand.` });
const backupText = (what: string, max: number) =>
  z
    .string({ error: `${what} doit être un texte.` })
    .min(1, { error: `${what} ne peut pas être vide.` })
    .max(max, { error: `${what} fait au plus ${max} caractères.` })
    .refine((s) => !s.includes('\u0000'), { error: `${what} contient un caractère interdit (NUL).` });
const backupInstant = z.string().refine(isIsoDate, { error: 'Date invalide : une date ISO 8601 est attendue.' });
const backupPlace = {
  clientId: idSchema,
  year: yearSchema,
  lineId: idSchema.nullable(),
  month: monthSchema.nullable(),
  field: measureSchema.nullable(),
};

/** A comment in a version 2 backup (docs/product.md#comments). */
export const backupCommentSchema = z.object({
  id: backupId('Commentaire'),
  ...backupPlace,
  parentId: backupId('Fil du commentaire').nullable(),
  author: backupText('L’auteur', 320),
  text: backupText('Le commentaire', MAX_COMMENT_LENGTH),
  at: backupInstant,
  editedAt: backupInstant.nullable(),
  resolved: z.boolean(),
  mentions: z.array(z.string().max(64)).max(MAX_MENTIONS),
  gapMonth: monthSchema.optional(),
}) satisfies z.ZodType<BackupComment>;

/** A notification in a version 2 backup. */
export const backupNotificationSchema = z.object({
  id: backupId('Notification'),
  recipient: backupText('Le destinataire', 320),
  kind: z.enum(BACKED_UP_NOTIFICATION_KINDS, { error: 'kind doit valoir mention, reply ou signoff.' }),
  at: backupInstant,
  read: z.boolean(),
  text: backupText('Le texte de la notification', 20_000),
  ...backupPlace,
  commentId: backupId('Commentaire de la notification').nullable(),
}) satisfies z.ZodType<BackupNotification>;

/** A sign-off status in a version 2 backup (docs/product.md#sign-off, ADR 055). */
export const backupSignoffSchema = z.object({
  clientId: idSchema,
  year: yearSchema,
  status: z.enum(SIGNOFF_STATUSES, { error: 'Le statut de validation doit valoir brouillon, soumis ou validé.' }),
  at: backupInstant,
  by: backupText('L’auteur du statut', 320),
  note: backupText('La note du statut', MAX_SIGNOFF_TEXT).nullable(),
  versionId: backupId('Version de la validation').nullable(),
}) satisfies z.ZodType<BackupSignoff>;

/**
 * The sign-off statuses of a backup: one per client-year, of a listed client; a validation's version
 * among the file's versions, of its year.
 */
function checkSignoffs(
  backup: {
    clients: readonly { id: string }[];
    signoffs?: BackupSignoff[] | undefined;
    versions?: VersionBackupWire[] | undefined;
  },
  ctx: z.RefinementCtx,
) {
  const clients = new Set(backup.clients.map((c) => c.id.toLowerCase()));
  const versions = new Map((backup.versions ?? []).map((v) => [v.id, v.year]));
  const seen = new Set<string>();
  (backup.signoffs ?? []).forEach((s, i) => {
    const issue = (path: string, message: string) =>
      ctx.addIssue({ code: 'custom', path: ['signoffs', i, path], message });
    const key = `${s.clientId.toLowerCase()} ${s.year}`;
    if (seen.has(key)) issue('year', `Deux statuts de validation pour le client ${s.clientId} en ${s.year}.`);
    seen.add(key);
    if (!clients.has(s.clientId.toLowerCase())) issue('clientId', `Client absent de la liste : ${s.clientId}.`);
    if (s.versionId !== null && versions.get(s.versionId) !== s.year) {
      issue('versionId', `Version de la validation introuvable en ${s.year} : ${s.versionId}.`);
    }
  });
}

/** Each id of `items` once; returns them. */
function uniqueNumbers(
  items: readonly { id: number }[],
  path: (string | number)[],
  what: string,
  ctx: z.RefinementCtx,
) {
  const ids = new Set<number>();
  items.forEach((item, i) => {
    if (ids.has(item.id))
      ctx.addIssue({ code: 'custom', path: [...path, i, 'id'], message: `${what} en double : ${item.id}.` });
    ids.add(item.id);
  });
  return ids;
}

/** The comments and notifications of a backup: ids once each, a reply's thread and a notification's comment in the file. */
function checkConversation(
  backup: { comments?: BackupComment[] | undefined; notifications?: BackupNotification[] | undefined },
  ctx: z.RefinementCtx,
) {
  const comments = backup.comments ?? [];
  const ids = uniqueNumbers(comments, ['comments'], 'Commentaire', ctx);
  comments.forEach((c, i) => {
    if (c.parentId !== null && !ids.has(c.parentId))
      ctx.addIssue({ code: 'custom', path: ['comments', i, 'parentId'], message: `Fil introuvable : ${c.parentId}.` });
    if (c.gapMonth !== undefined && (c.lineId !== null || c.parentId !== null))
      ctx.addIssue({ code: 'custom', path: ['comments', i, 'gapMonth'], message: COMMENT_TEXTS.gapOnClientYear });
  });
  const notifications = backup.notifications ?? [];
  uniqueNumbers(notifications, ['notifications'], 'Notification', ctx);
  notifications.forEach((n, i) => {
    if (n.commentId !== null && !ids.has(n.commentId))
      ctx.addIssue({
        code: 'custom',
        path: ['notifications', i, 'commentId'],
        message: `Commentaire introuvable : ${n.commentId}.`,
      });
  });
}

/** The version 2 backup: every client once, every year (ADR 021); comments and notifications when it has them (ADR 050). */
export const allYearsBackupSchema = z
  .object({
    version: z.literal(2),
    clients: z.array(clientIdentitySchema),
    years: z.array(yearBudgetSchema),
    versions: z.array(versionBackupSchema).optional(),
    comments: z.array(backupCommentSchema).optional(),
    notifications: z.array(backupNotificationSchema).optional(),
    signoffs: z.array(backupSignoffSchema).optional(),
    exportDate: z.string().optional(),
  })
  .superRefine((backup, ctx) => {
    checkVersions(backup.versions ?? [], ctx);
    checkConversation(backup, ctx);
    checkSignoffs(backup, ctx);
    const clientIds = uniqueIds(backup.clients, ['clients'], 'Client', ctx);
    const years = new Set<number>();
    const seen = new Set<string>();
    backup.years.forEach((y, i) => {
      if (years.has(y.year)) {
        ctx.addIssue({ code: 'custom', path: ['years', i, 'year'], message: `Exercice en double : ${y.year}.` });
      }
      years.add(y.year);
      uniqueIds(y.clients, ['years', i, 'clients'], 'Client', ctx);
      y.clients.forEach((c, ci) => {
        if (!clientIds.has(c.id.toLowerCase())) {
          ctx.addIssue({
            code: 'custom',
            path: ['years', i, 'clients', ci, 'id'],
            message: `Client absent de la liste : ${c.id}.`,
          });
        }
      });
      checkBudgetData(y.budgetData, clientIds, seen, ['years', i], ctx);
    });
  });
export type AllYearsBackupWire = z.infer<typeof allYearsBackupSchema>;

/** Either backup a file may hold: version 2 (every year), or SPEC's one-year shape. */
export type AnyBackupWire = BackupWire | AllYearsBackupWire;

/** True when a parsed JSON value announces the version 2 format. */
export function isAllYearsBackup(raw: unknown): boolean {
  return typeof raw === 'object' && raw !== null && 'version' in raw && raw.version === 2;
}

/** Any backup file: validated as version 2 when it says so, else as SPEC's one-year shape. */
/** The path of the first own `__proto__` key in a parsed JSON value, or undefined (no recursion: any depth). */
function protoKeyPath(value: unknown): (string | number)[] | undefined {
  return findInJson(value, (_, key, parent) => key === '__proto__' && !Array.isArray(parent));
}

export const anyBackupSchema: z.ZodType<AnyBackupWire, unknown> = z.unknown().transform((raw, ctx) => {
  // JSON.parse keeps a `__proto__` key as data, but validation would drop it silently (and with it,
  // in budgetData, a client's poles): refused, so that what is restored is what the file says.
  const proto = protoKeyPath(raw);
  if (proto) {
    ctx.addIssue({ code: 'custom', path: proto, message: 'Clé interdite : « __proto__ ».' });
    return z.NEVER;
  }
  // A newer version is said as such, before its shape (unknown to this tool) is judged.
  const version = typeof raw === 'object' && raw !== null && 'version' in raw ? raw.version : undefined;
  if (typeof version === 'number' && version > BACKUP_VERSION) {
    ctx.addIssue({
      code: 'custom',
      path: ['version'],
      message: `Sauvegarde d'une version plus récente (${version}) que celle que cet outil sait lire (${BACKUP_VERSION}).`,
    });
    return z.NEVER;
  }
  const parsed = isAllYearsBackup(raw) ? allYearsBackupSchema.safeParse(raw) : backupSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) {
    ctx.addIssue({ code: 'custom', path: issue.path as (string | number)[], message: issue.message });
  }
  return z.NEVER;
});

// ---- live updates (docs/product.md#live-updates) ---------------------------------------------

const TAB_MESSAGE = "Identifiant d'onglet invalide (1 à 64 lettres, chiffres ou tirets).";

/** `PUT /api/presence`: this tab now shows that client of that year (null: none). */
export const presenceBody = z.strictObject({
  year: yearSchema,
  clientId: idSchema.nullable(),
  tab: z.string({ error: TAB_MESSAGE }).regex(/^[A-Za-z0-9-]{1,64}$/, { error: TAB_MESSAGE }),
});

/** `GET /api/presence?year=&clientId=`. */
export const presenceQuery = z.object({ year: yearText, clientId: idSchema });

/** `GET /api/events?year=&lastEventId=`: the resume id is read leniently (a malformed one starts fresh). */
export const eventsQuery = z.object({ year: yearText, lastEventId: z.string().optional() });

// ---- versions (docs/product.md#versions-and-landing) ------------------------------------------

/** The body of `POST /api/years/:year/versions`: the version's name, unique in its year. */
export const createVersionBody = z.strictObject({ name: nameSchema });
export type CreateVersionBody = z.input<typeof createVersionBody>;

/** The path of `/api/years/:year/versions/:id` (a version id: an integer). */
export const versionParams = z.object({
  year: yearText,
  id: positiveInt('Identifiant de version'),
});

/** `GET /api/years/:year/versions/:id?clientId=`: whose frozen poles to read. */
export const versionQuery = z.object({ clientId: idSchema });

/** The body of `POST /api/years/:year/landing` (docs/product.md#versions-and-landing). */
export const landingBody = z.strictObject({
  clients: rollForwardBody.shape.clients,
  method: z.enum(LANDING_METHODS, { error: 'method doit être run-rate, n-1 ou objectif.' }),
  growth: z
    .number({ error: 'La croissance doit être un nombre (en %).' })
    .min(MIN_GROWTH, { error: `La croissance ne peut pas être inférieure à ${MIN_GROWTH} %.` })
    .max(MAX_GROWTH, { error: `La croissance ne peut pas dépasser ${MAX_GROWTH} %.` })
    .refine((n) => upliftHundredths(n) !== null, { error: 'La croissance a au plus deux décimales.' })
    .default(0),
  mode: rollForwardBody.shape.mode,
  dryRun: rollForwardBody.shape.dryRun,
});
export type LandingBody = z.input<typeof landingBody>;

// ---- sign-off (docs/product.md#sign-off) ---------------------------------------------------------

/** The path of `POST /api/years/:year/signoff/:clientId`. */
export const signoffParams = z.object({ year: yearText, clientId: idSchema });

/** An optional French text of a transition: its note, or the reason of a send-back or a reopening. */
const signoffText = (what: string) =>
  z
    .string({ error: `${what} doit être un texte.` })
    .trim()
    .max(MAX_SIGNOFF_TEXT, { error: `${what} ne peut pas dépasser ${MAX_SIGNOFF_TEXT} caractères.` })
    .refine((t) => !t.includes('\u0000'), { error: `${what} contient un caractère interdit (NUL).` })
    .optional();

/** The body of `POST /api/years/:year/signoff/:clientId`: the status to move to, with a note or a reason. */
export const signoffBody = z.strictObject({
  to: z.enum(SIGNOFF_STATUSES, { error: 'to doit être brouillon, soumis ou validé.' }),
  note: signoffText('La note'),
  reason: signoffText('Le motif'),
});
export type SignoffBody = z.input<typeof signoffBody>;
