/**
 * The answers of /api, one zod schema each (docs/product.md#api-routes; ADR 045): the route returns
 * the schema's type (`c.json(x satisfies XAnswer)`), the OpenAPI document names the schema
 * (src/server/openapi/components.ts), and the web app types its fetchers with it
 * (`api.get<XAnswer>`). Amounts are euros, as on the wire, except the dashboards' (integer cents).
 * The types are imported as types by the browser: this module's zod stays out of its bundle.
 */
import { z } from 'zod';
import { API_ERROR_CODES } from './error-codes';
import { ALERT_KINDS } from './alerts';
import { alertSettingsBody } from './alerts-schemas';
import { settingsBody } from './settings-schemas';
import { NOTIFICATION_KINDS, NOTIFICATION_LEVELS } from './comments';
import { HISTORY_SOURCES } from './history';
import { MEASURES } from './measures';
import { ROLES } from './roles';
import { SIGNOFF_STATUSES } from './signoff';
import { CHANGE_KINDS, FORECAST_FIELDS } from './forecast-changes';
import { clientAnswerSchema, forecastLineSchema, forecastPoleSchema, lineSchema, poleSchema } from './schemas';
import type { DashboardData } from './dashboard/data';
import type { LineAggregate } from './dashboard/sums';
import type { LandingView } from './dashboard/landing-view';
import type { VarianceData } from './variance';

const measure = z.enum(MEASURES);
const historyId = z.number().int().nullable();

// ---- server and access --------------------------------------------------------------------------

export const healthAnswer = z.union([
  z.object({ status: z.literal('ok') }),
  // 503 (issue 19): the database cannot be reached right now.
  z.object({ status: z.literal('unavailable'), database: z.literal('unreachable'), message: z.string() }),
]);
export type HealthAnswer = z.output<typeof healthAnswer>;

export const errorAnswer = z.object({
  error: z.object({
    code: z.enum(API_ERROR_CODES),
    message: z.string().meta({ description: 'Message en français, montré tel quel.' }),
    issues: z
      .array(z.object({ path: z.string(), message: z.string() }))
      .optional()
      .meta({ description: 'Chaque champ refusé (400), le premier nommé dans message.' }),
    cells: z
      .array(
        z.object({
          lineId: z.string(),
          month: z.number().int(),
          field: measure,
          current: z.number().nullable(),
          expected: z.number(),
          by: z.string().nullable().optional(),
          byName: z.string().nullable().optional(),
          at: z.string().nullable().optional(),
        }),
      )
      .optional()
      .meta({
        description:
          '409 d’une annulation ou d’un enregistrement avec expected : les cellules modifiées depuis (euros), ' +
          'et pour un enregistrement, qui les a modifiées en dernier et quand (null : jamais).',
      }),
  }),
});
export type ErrorAnswer = z.output<typeof errorAnswer>;
/** A cell an undo cannot revert (the 409's `cells`), euros: no author, unlike a save's. */
export type ConflictCellWire = Omit<NonNullable<ErrorAnswer['error']['cells']>[number], 'by' | 'byName' | 'at'>;

export const sessionAnswer = z.union([
  z.object({ mode: z.literal('local') }),
  z.object({
    mode: z.literal('accounts'),
    user: z
      .object({
        email: z.string(),
        twoFactorEnabled: z.boolean(),
        mustChangePassword: z
          .boolean()
          .meta({ description: 'Mot de passe temporaire : à changer avant toute autre requête.' }),
      })
      .nullable(),
    // docs/product.md#sign-in-oidc: what the sign-in page offers.
    signIn: z
      .object({
        password: z
          .boolean()
          .meta({ description: 'Connexion par mot de passe (PASSWORD_SIGNIN, activée par défaut).' }),
        oidc: z.boolean().meta({ description: 'Connexion avec le compte de l’agence (OIDC_ISSUER configuré).' }),
      })
      .optional(),
  }),
]);
export type SessionAnswer = z.output<typeof sessionAnswer>;

export const accessAnswer = z.object({
  mode: z.enum(['local', 'accounts']),
  role: z.enum(ROLES),
  clientIds: z.array(z.string()).nullable().meta({ description: 'null : tous les clients.' }),
  // The user an admin is looking through (read-only, 'Voir en tant que…').
  viewAs: z.object({ id: z.string(), email: z.string() }).nullable(),
  // docs/product.md#client-attributes: whose clients 'Mes clients' are (the user looked through, with 'Voir en tant que…').
  me: z.string().nullable().meta({ description: 'Email de l’utilisateur (null sans comptes).' }),
});
export type AccessAnswer = z.output<typeof accessAnswer>;

export const userAnswer = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  clientIds: z.array(z.string()).nullable().meta({ description: 'null : tous les clients.' }),
  disabled: z.boolean(),
  twoFactorEnabled: z.boolean(),
});
export type UserAnswer = z.output<typeof userAnswer>;
export const userList = z.array(userAnswer);
export type UsersAnswer = z.output<typeof userList>;
export const createdUserAnswer = z.object({
  user: userAnswer,
  temporaryPassword: z.string().meta({ description: 'Montré une seule fois ; jamais conservé en clair.' }),
});
export type CreatedUserAnswer = z.output<typeof createdUserAnswer>;

// ---- clients and budgets (euros) ----------------------------------------------------------------

export const clientList = z.array(clientAnswerSchema);
export type ClientsAnswer = z.output<typeof clientList>;
export const poleList = z.array(poleSchema);
export type PolesAnswer = z.output<typeof poleList>;
export type ClientAnswer = z.output<typeof clientAnswerSchema>;
export type PoleAnswer = z.output<typeof poleSchema>;
export type LineAnswer = z.output<typeof lineSchema>;

export const allBudgetsAnswer = z.object({
  clients: z.array(clientAnswerSchema),
  budgetData: z.record(z.string(), z.array(poleSchema)).meta({ description: 'Identifiant de client → ses pôles.' }),
});
export type AllBudgetsAnswer = z.output<typeof allBudgetsAnswer>;

export const cellsAnswer = z.object({
  updated: z.number().int().meta({ description: 'Cellules reçues.' }),
  historyId: historyId.meta({ description: 'Entrée d’historique (null si aucune valeur n’a changé).' }),
});
export type CellsAnswer = z.output<typeof cellsAnswer>;

/** POST /api/lines/:id/move (issue 13): the pole's line ids in their new order. */
export const lineOrderAnswer = z.object({ lineIds: z.array(z.string()) });
export type LineOrderAnswer = z.output<typeof lineOrderAnswer>;

export const presenceAnswer = z.object({
  users: z.array(
    z.object({
      id: z.string().meta({ description: 'Identifiant de l’utilisateur (mode comptes) ou « local ».' }),
      name: z.string(),
      initials: z.string(),
      tab: z.string(),
    }),
  ),
});
export type PresenceAnswer = z.output<typeof presenceAnswer>;

// ---- years, import, backup ----------------------------------------------------------------------

export const restoreAnswer = z.object({
  clients: z.number().int().meta({ description: 'Clients restaurés.' }),
  historyId: z.number().int().meta({ description: 'Entrée d’historique de la restauration (annulable).' }),
});
export type RestoreAnswer = z.output<typeof restoreAnswer>;

/** GET /api/years: each year and how many clients have at least one line in it. */
export const yearList = z.array(z.object({ year: z.number().int(), clients: z.number().int() }));
export type YearsAnswer = z.output<typeof yearList>;
export type YearSummary = YearsAnswer[number];

/** A version (docs/product.md#versions-and-landing). */
export const versionSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  // ISO date-time.
  at: z.string(),
  by: z.string().meta({ description: 'Qui a figé la version (local sans comptes).' }),
  reference: z.boolean().meta({ description: 'La version de référence de l’exercice (une au plus).' }),
  clientId: z.string().nullable().meta({
    description: 'Le seul client d’une version figée par une validation ; null : tous les clients de l’exercice.',
  }),
});
export type VersionSummary = z.output<typeof versionSummary>;

const forecastTotals = z.object({ previsionnel: z.number(), achat_previsionnel: z.number() });
/** Forecast sales and purchases of a client's year, in euros. */
export type ForecastTotalsWire = z.output<typeof forecastTotals>;
const rollForwardClient = z.object({
  id: z.string(),
  name: z.string(),
  polesCreated: z.number().int(),
  linesCreated: z.number().int(),
  cellsFilled: z.number().int(),
  cellsSkipped: z.number().int(),
  before: forecastTotals,
  after: forecastTotals,
});
export const rollForwardAnswer = z.object({
  clients: z.array(rollForwardClient),
  // The history entry of a real run that changed something (null for a dry run, or nothing done).
  historyId,
  version: versionSummary.nullable().meta({
    description:
      'La version « Budget initial {N+1} » figée à la demande (freezeVersion), null sinon ; en aperçu, celle qui le serait (son identifiant ne sera pas celui-là).',
  }),
});
/** `POST /api/years/:year/landing`: as the roll forward's, without poles and lines created. */
export const landingAnswer = z.object({
  clients: z.array(rollForwardClient.omit({ polesCreated: true, linesCreated: true })),
  historyId: historyId.meta({ description: 'Entrée d’historique (null : aperçu, ou rien de changé).' }),
  cutoff: z
    .number()
    .int()
    .meta({ description: 'Le mois à date (0–11) : lui, les mois d’avant et les mois clôturés ne sont pas écrits.' }),
});
export type LandingAnswerWire = z.output<typeof landingAnswer>;
export type LandingClientWire = LandingAnswerWire['clients'][number];

/** The answer of `POST /api/years/:year/rollforward`: one entry per chosen client, by name. */
export type RollForwardAnswerWire = z.output<typeof rollForwardAnswer>;
/** What a roll forward did (or, in a dry run, would do) to one client, with euro totals. */
export type RollForwardClientWire = RollForwardAnswerWire['clients'][number];

/** POST /api/import: what it created and wrote, and its history entry (null when nothing changed). */
export const importAnswer = z.object({
  historyId: z.number().int().nullable(),
  lines: z.number().int(),
  cells: z.number().int(),
});
export type ImportAnswer = z.output<typeof importAnswer>;

// ---- versions (docs/product.md#versions-and-landing) --------------------------------------------

export const versionList = z.array(versionSummary);
/** `GET /api/years/:year/versions`: the year's versions, oldest first. */
export type VersionsAnswer = z.output<typeof versionList>;

/** `POST /api/years/:year/versions`: the version created, the clients it froze, its history entry. */
export const createdVersionAnswer = versionSummary.extend({
  clients: z.number().int().meta({ description: 'Clients figés.' }),
  historyId: z.number().int(),
});
export type CreatedVersionAnswer = z.output<typeof createdVersionAnswer>;

/** A frozen line: the forecast measures only, euros. */
export const versionLine = forecastLineSchema;
export const versionPole = forecastPoleSchema;
export const versionPoleList = z.array(versionPole);
/** `GET /api/years/:year/versions/:id?clientId=`: the client's poles as frozen (Pole[], forecasts only). */
export type VersionPolesAnswer = z.output<typeof versionPoleList>;

// ---- history ------------------------------------------------------------------------------------

export const historyEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  actor: z.string(),
  source: z.enum(HISTORY_SOURCES),
  summary: z.string(),
  clientId: z.string().nullable(),
  year: z.number().int().nullable(),
  revertsId: z.number().int().nullable(),
  reverted: z.boolean(),
  cellCount: z.number().int(),
  cells: z.array(
    z.object({ lineId: z.string(), month: z.number().int(), field: measure, old: z.number(), new: z.number() }),
  ),
});
/** One history entry on the wire. */
export type HistoryEntryWire = z.output<typeof historyEntry>;
/** One cell's change on the wire (euros). */
export type CellChangeWire = HistoryEntryWire['cells'][number];
export const historyPage = z.object({ entries: z.array(historyEntry) });
export type HistoryPageAnswer = z.output<typeof historyPage>;
export const historyStack = z.object({ undo: historyId, redo: historyId });
export type HistoryStackAnswer = z.output<typeof historyStack>;
export const undoAnswer = z.object({ entry: historyEntry });
export type UndoAnswer = z.output<typeof undoAnswer>;

// ---- dashboards (integer cents) -----------------------------------------------------------------

const cents = z.number().int();
const measureTotals = z.object({ previsionnel: cents, achat_previsionnel: cents, reel: cents, achat: cents });
const sums = measureTotals.extend({
  revue: cents,
  ecartRealise: cents,
  prevRealise: cents,
  toDate: measureTotals.meta({ description: 'Les quatre mesures jusqu’au mois de coupure inclus (à date).' }),
});
const previous = z
  .object({ reel: cents, achat: cents })
  .nullable()
  .meta({ description: 'Le réel et l’achat de l’exercice précédent sur les mêmes mois (N−1) ; null sans données.' });
const lineAggregate = z.object({ name: z.string(), sums });
const forecastSums = z.object({
  previsionnel: cents,
  achat_previsionnel: cents,
  toDate: z.object({ previsionnel: cents, achat_previsionnel: cents }),
});
/** `?version=`: the version's forecast of the selection, per client and per pole name (ADR 049). */
const dashboardVersion = z
  .object({
    id: z.number().int(),
    name: z.string(),
    clients: z.array(forecastSums.extend({ id: z.string() })),
    poles: z.array(forecastSums.extend({ name: z.string() })),
  })
  .nullable()
  .meta({
    description:
      'La version comparée (?version=) : ses prévisions par client et par nom de pôle, sur l’année et à date ; absent sans ?version=.',
  });
/**
 * GET /api/dashboard. Its wire type has plain numbers where `DashboardData` (dashboard/data.ts) has
 * branded `Cents`: the dashboard code computes on the branded type, and `dashboardFits` below checks
 * that it fits this schema (ADR 016: the web trusts the server's cents there).
 */
const cutoff = z.object({
  month: z.number().int().meta({ description: 'Mois de coupure des chiffres à date, 0 à 11.' }),
  source: z.enum(['chosen', 'closed', 'actual', 'none']).meta({
    description: 'choisi (?cutoff=), dernier mois clôturé, dernier mois avec du réel, ou aucun (décembre).',
  }),
});
export const dashboardAnswer = z.object({
  cutoff,
  clients: z.array(z.object({ id: z.string(), name: z.string(), previsionMbDebut: cents, sums, previous })),
  poles: z.array(
    z.object({
      name: z.string(),
      sums,
      previsionMbDebut: cents,
      previsionMbRevue: cents,
      previous,
      lines: z.array(lineAggregate).meta({ description: 'Vide ici : les lignes viennent de /api/dashboard/lines.' }),
    }),
  ),
  months: z.array(z.object({ reel: cents, previsionnel: cents, achat: cents })),
  previous,
  version: dashboardVersion.optional(),
});
export type DashboardAnswer = z.output<typeof dashboardAnswer>;
/** `?version=` on the lines (ADR 062): the version's forecast per pole name × line name. */
const dashboardLinesVersion = z
  .object({
    id: z.number().int(),
    name: z.string(),
    poles: z.array(z.object({ pole: z.string(), lines: z.array(forecastSums.extend({ name: z.string() })) })),
  })
  .meta({
    description:
      'La version comparée (?version=) : ses prévisions par nom de pôle et nom de ligne, sur l’année et à date ; absent sans ?version=.',
  });
export const dashboardLinesAnswer = z.object({
  poles: z.array(z.object({ pole: z.string(), lines: z.array(lineAggregate) })),
  version: dashboardLinesVersion.optional(),
});
export type DashboardLinesAnswer = z.output<typeof dashboardLinesAnswer>;
/**
 * GET /api/years/:year/landing (docs/product.md#landing-view): per client and pole, the 12 months'
 * MB as the year lands (actual up to the cut-off, forecast after), the year, the version's MB
 * forecast and the gap; the TOTAL with its two parts.
 */
const landingMonths = z.array(cents).length(12);
export const landingViewAnswer = z.object({
  cutoff: z.number().int().min(0).max(11),
  version: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  rows: z.array(
    z.object({
      clientId: z.string(),
      client: z.string(),
      pole: z.string(),
      months: landingMonths,
      landed: cents,
      reference: cents,
      gap: cents,
    }),
  ),
  total: z.object({
    months: landingMonths,
    landed: cents,
    reference: cents,
    gap: cents,
    actualToDate: cents,
    forecastAfter: cents,
  }),
});
export type LandingViewAnswer = z.output<typeof landingViewAnswer>;
/** A version's forecast in the dashboards (cents): per client and per pole name. */
export type DashboardVersion = NonNullable<z.output<typeof dashboardVersion>>;
export type VersionForecastSums = z.output<typeof forecastSums>;
/** A version's forecast in the poles view's lines (cents): per pole name and line name. */
export type DashboardLinesVersion = z.output<typeof dashboardLinesVersion>;
/** GET /api/dashboard/lines as the dashboard code reads it: `LineAggregate`s in branded cents. */
export interface DashboardLinesData {
  poles: { pole: string; lines: LineAggregate[] }[];
  /** With `?version=` (ADR 062). */
  version?: DashboardLinesVersion;
}

/** Compiles only when the model type (branded cents) fits the answer's schema (plain integers). */
const fits = <_Model extends Wire, Wire>(): void => undefined;
fits<DashboardData, z.output<typeof dashboardAnswer>>();
fits<DashboardLinesData, z.output<typeof dashboardLinesAnswer>>();
fits<LandingView, LandingViewAnswer>();

// ---- variance analysis (integer cents, docs/product.md#variance) -------------------------------

const varianceSide = z
  .object({ ca: cents, mb: cents })
  .meta({ description: 'CA (ventes) et MB (ventes − achats) à date.' });
const varianceRow = z.object({
  gap: cents.meta({ description: 'MB réelle à date − MB de la version à date.' }),
  volume: cents.meta({ description: '(CA réel − CA référence) × taux de marge référence, arrondi au centime.' }),
  rate: cents.meta({ description: 'Effet taux : le reste de l’écart (écart = volume + taux, au centime).' }),
  reference: varianceSide,
  actual: varianceSide,
});
const justification = z
  .object({ commentId: z.number().int(), text: z.string(), authorName: z.string(), at: z.string() })
  .nullable()
  .meta({ description: 'La dernière justification de l’écart à ce mois (un fil du client-exercice) ; null : aucune.' });
/** GET /api/dashboard/variance: the gaps against a version, split into volume and rate (ADR 054). */
export const varianceAnswer = z.object({
  version: z.object({ id: z.number().int(), name: z.string() }),
  cutoff,
  clients: z.array(
    varianceRow.extend({
      clientId: z.string(),
      name: z.string(),
      needsJustification: z.boolean().meta({ description: 'L’écart dépasse le seuil (montant et pourcentage).' }),
      justification,
    }),
  ),
  poles: z.array(varianceRow.extend({ name: z.string() })),
  total: varianceRow,
});
export type VarianceAnswer = z.output<typeof varianceAnswer>;
fits<VarianceData, VarianceAnswer>();
/** GET/PUT /api/variance/settings (euros). */
export const varianceSettingsAnswer = z.object({
  threshold: z.object({ euros: z.number(), percent: z.number() }).nullable().meta({
    description:
      'Au-delà de euros € et de percent % de la MB référence, un écart demande une justification ; null : jamais.',
  }),
});
export type VarianceSettingsAnswer = z.output<typeof varianceSettingsAnswer>;

// ---- month closing ------------------------------------------------------------------------------

export const monthLockList = z.array(
  z.object({
    month: z.number().int().meta({ description: 'Mois clôturé, 0 (janvier) à 11.' }),
    // ISO date-time.
    closedAt: z.string(),
    closedBy: z.string(),
    note: z.string().nullable(),
  }),
);
export type MonthLocksAnswer = z.output<typeof monthLockList>;

export const checklistAnswer = z.object({
  items: z.array(
    z.object({
      kind: z.enum(['reel_not_invoiced', 'invoiced_without_reel', 'achat_missing']),
      clientId: z.string(),
      clientName: z.string(),
      poleName: z.string(),
      // The line, for the findings of a line (`achat_missing`).
      lineName: z.string().nullable(),
    }),
  ),
  /**
   * The month against the last accounting import of its year (docs/product.md#actuals-from-the-accounting):
   * null when no import was ever applied to that year.
   */
  accounting: z.object({ reconciled: z.boolean(), text: z.string() }).nullable(),
  gaps: z.array(z.object({ clientId: z.string(), clientName: z.string(), gap: cents, versionName: z.string() })).meta({
    description:
      'Les écarts à fin du mois contre la version de référence qui dépassent le seuil sans justification (centimes).',
  }),
});
export type ChecklistAnswer = z.output<typeof checklistAnswer>;

// ---- accounting (euros) -------------------------------------------------------------------------

const actualField = z.enum(['reel', 'achat']);

/** One month as a FEC sees it (docs/product.md#actuals-from-the-accounting), euros. */
const fecMonth = z.object({
  month: z.number().int(),
  ledgerSales: z.number(),
  ledgerPurchases: z.number(),
  mappedSales: z.number(),
  mappedPurchases: z.number(),
  ignored: z.number(),
  unmapped: z.number(),
  ignoredSales: z.number(),
  ignoredPurchases: z.number(),
  unmappedSales: z.number(),
  unmappedPurchases: z.number(),
  /** The month is closed: the import does not write it. */
  closed: z.boolean(),
  /** The month is inside the file's span (from its first to its last month in the year): the import replaces it. */
  covered: z.boolean(),
  /** Share of the ledger's amounts mapped or ignored, whole percent rounded down. */
  coverage: z.number().int(),
});

const fecCellPlace = {
  clientId: z.string(),
  clientName: z.string(),
  pole: z.string(),
  line: z.string(),
  /** null: a line the import creates. */
  lineId: z.string().nullable(),
  month: z.number().int(),
  field: actualField,
};

/** POST /api/accounting/fec/preview: what an apply of this file would do; changes nothing. */
export const fecPreviewAnswer = z.object({
  lines: z.number().int(),
  outsideYear: z.number().int(),
  covered: z.object({ first: z.number().int(), last: z.number().int() }).nullable(),
  months: z.array(fecMonth),
  cells: z.array(
    z.object({
      ...fecCellPlace,
      current: z.number(),
      imported: z.number(),
      /** The value replaced was typed by hand (no accounting import set it). */
      manual: z.boolean(),
    }),
  ),
  unmapped: z.array(
    z.object({
      thirdParty: z.string(),
      thirdPartyName: z.string(),
      account: z.string(),
      field: actualField,
      amount: z.number(),
      lines: z.number().int(),
    }),
  ),
  closedDifferences: z.array(z.object({ ...fecCellPlace, stored: z.number(), ledger: z.number() })),
  /** Lines the import creates (with their poles when missing). */
  linesCreated: z.number().int(),
});
export type FecPreviewAnswer = z.output<typeof fecPreviewAnswer>;

/** POST /api/accounting/fec/apply: its history entry (null when the file changed nothing). */
export const fecApplyAnswer = z.object({
  historyId,
  cellsChanged: z.number().int(),
  linesCreated: z.number().int(),
});
export type FecApplyAnswer = z.output<typeof fecApplyAnswer>;

/** GET /api/accounting/reconciliation: per month of the last applied import, the ledger against the tool, euros. */
export const reconciliationAnswer = z.object({
  /** The last applied import in force, or null when none. */
  import: z.object({ at: z.string(), actor: z.string(), lines: z.number().int(), historyId }).nullable(),
  months: z.array(
    z.object({
      month: z.number().int(),
      /** Inside the last import's span. */
      covered: z.boolean(),
      closed: z.boolean(),
      /** null for a reader who does not see every client (the ledger's totals are everyone's). */
      ledgerSales: z.number().nullable(),
      ledgerPurchases: z.number().nullable(),
      mappedSales: z.number(),
      mappedPurchases: z.number(),
      unmapped: z.number().nullable(),
      ignored: z.number().nullable(),
      toolSales: z.number(),
      toolPurchases: z.number(),
      closedDifference: z.number(),
      closedSalesDifference: z.number(),
      closedPurchasesDifference: z.number(),
      manualDifference: z.number(),
      manualSales: z.number(),
      manualPurchases: z.number(),
      reconciled: z.boolean(),
    }),
  ),
});
export type ReconciliationAnswer = z.output<typeof reconciliationAnswer>;

// ---- sign-off (docs/product.md#sign-off) ---------------------------------------------------------

export const signoffStatusSchema = z.object({
  clientId: z.string(),
  status: z.enum(SIGNOFF_STATUSES),
  // ISO date-time of the last transition; null for a draft never submitted.
  at: z.string().nullable(),
  by: z.string().nullable().meta({ description: 'Qui a fait la dernière transition (local sans comptes).' }),
  note: z
    .string()
    .nullable()
    .meta({ description: 'La note de la soumission, ou le motif du renvoi ou de la réouverture.' }),
});
export type SignoffStatusWire = z.output<typeof signoffStatusSchema>;
export const signoffList = z.array(signoffStatusSchema);
/** `GET /api/years/:year/signoff`: every client of the year in the caller's scope, by name. */
export type SignoffAnswer = z.output<typeof signoffList>;

/** `POST /api/years/:year/signoff/:clientId`: the new status, its history entry, the version a validation froze. */
export const signoffTransitionAnswer = signoffStatusSchema.extend({
  historyId: z.number().int(),
  versionId: z.number().int().nullable().meta({ description: 'La version figée par une validation (sinon null).' }),
});
export type SignoffTransitionAnswer = z.output<typeof signoffTransitionAnswer>;

const changeKind = z.enum(CHANGE_KINDS);
/**
 * `GET /api/years/:year/signoff/:clientId/changes` (docs/product.md#sign-off-changes): the client's
 * forecast now against the version its last validation froze (else the year's reference), euros.
 */
export const forecastChangesAnswer = z.object({
  since: versionSummary.nullable().meta({ description: 'La version comparée ; null : aucune (rien à comparer).' }),
  basis: z
    .enum(['validation', 'référence'])
    .nullable()
    .meta({ description: 'La dernière validation du client, ou à défaut la référence de l’exercice.' }),
  poles: z.array(
    z.object({ poleId: z.string(), change: changeKind, name: z.string(), previousName: z.string().nullable() }),
  ),
  lines: z.array(
    z.object({
      lineId: z.string(),
      change: changeKind,
      name: z.string(),
      poleName: z.string(),
      previousName: z.string().nullable().meta({ description: 'Son nom dans la version, s’il a changé.' }),
      previousPoleName: z.string().nullable().meta({ description: 'Son pôle dans la version, s’il a changé.' }),
    }),
  ),
  cells: z.array(
    z.object({
      lineId: z.string(),
      lineName: z.string(),
      poleName: z.string(),
      month: z.number().int().min(0).max(11),
      field: z.enum(FORECAST_FIELDS),
      before: z.number(),
      after: z.number(),
    }),
  ),
  totals: z.object({ before: forecastTotals, after: forecastTotals }),
});
export type ForecastChangesAnswer = z.output<typeof forecastChangesAnswer>;
// ---- comments and notifications (docs/product.md#comments) -------------------------------------

export const commentAnswer = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable().meta({ description: 'Le premier commentaire du fil ; null : il l’est.' }),
  lineId: z.string().nullable(),
  month: z.number().int().nullable(),
  field: measure.nullable(),
  text: z.string(),
  author: z.string().meta({ description: 'L’auteur : son e-mail (local sans comptes).' }),
  authorName: z.string(),
  at: z.string(),
  editedAt: z.string().nullable(),
  resolved: z.boolean().meta({ description: 'Le fil est résolu (la valeur de son premier commentaire).' }),
  mentions: z.array(z.string()).meta({ description: 'Les identifiants des utilisateurs mentionnés.' }),
  lineName: z.string().nullable().meta({ description: 'null : commentaire du client-exercice, ou ligne supprimée.' }),
  poleName: z.string().nullable(),
  lineDeleted: z.boolean().meta({ description: 'La ligne commentée a été supprimée (« ligne supprimée »).' }),
  mine: z.boolean().meta({ description: 'Écrit par l’appelant : il peut le modifier ou le supprimer.' }),
  gapMonth: z
    .number()
    .int()
    .nullable()
    .meta({ description: 'Fil justifiant l’écart à fin de ce mois (analyse des écarts) ; null : un fil ordinaire.' }),
});
/** `POST /api/comments` (201), `PATCH /api/comments/:id`: the comment. */
export type CommentAnswer = z.output<typeof commentAnswer>;
export const commentList = z.array(commentAnswer);
/** `GET /api/comments?clientId&year`: every comment of the client-year, oldest first. */
export type CommentsAnswer = z.output<typeof commentList>;

export const yearCommentAnswer = commentAnswer.extend({
  clientId: z.string(),
  clientName: z.string(),
});
export const yearCommentList = z.array(yearCommentAnswer);
/** `GET /api/comments/all?year=`: every comment of the year in the caller's scope, with its client, oldest first. */
export type YearCommentsAnswer = z.output<typeof yearCommentList>;
export type YearCommentAnswer = z.output<typeof yearCommentAnswer>;

export const commentPerson = z.object({ id: z.string(), name: z.string(), email: z.string() });
export const commentPeople = z.array(commentPerson);
/** `GET /api/comments/people?clientId`: the active users who can see the client (empty without accounts). */
export type CommentPeopleAnswer = z.output<typeof commentPeople>;

export const notificationItem = z.object({
  id: z.number().int(),
  kind: z.enum(NOTIFICATION_KINDS),
  at: z.string(),
  read: z.boolean(),
  text: z.string(),
  clientId: z.string().nullable().meta({ description: 'null : une alerte de l’agence (clôture, import comptable).' }),
  year: z.number().int(),
  lineId: z.string().nullable(),
  month: z.number().int().nullable(),
  field: measure.nullable(),
  commentId: z.number().int().nullable(),
});
export type NotificationItem = z.output<typeof notificationItem>;
export const notificationsAnswer = z.object({
  unread: z.number().int(),
  level: z.enum(NOTIFICATION_LEVELS),
  items: z.array(notificationItem),
});
/** `GET /api/notifications`: the unread count, the user's level, the newest notifications first. */
export type NotificationsAnswer = z.output<typeof notificationsAnswer>;
export const notificationsReadAnswer = z.object({ unread: z.number().int() });
/** `POST /api/notifications/read`: the unread count left. */
export type NotificationsReadAnswer = z.output<typeof notificationsReadAnswer>;
export const notificationSettingsAnswer = z.object({ level: z.enum(NOTIFICATION_LEVELS) });
/** `PUT /api/notifications/settings`: the level now. */
export type NotificationSettingsAnswer = z.output<typeof notificationSettingsAnswer>;

// ---- settings (docs/product.md#fiscal-years) ---------------------------------------------------

/** `GET/PUT /api/settings`: the first month of the fiscal year (1–12) and how a year is named. */
export const settingsAnswer = settingsBody;
export type SettingsAnswer = z.output<typeof settingsAnswer>;

// ---- alerts (docs/product.md#alerts) ------------------------------------------------------------

/** `GET/PUT /api/alerts/settings`: the thresholds (euros), null where an alert is off. */
export const alertSettingsAnswer = alertSettingsBody;
export type AlertSettingsAnswer = z.output<typeof alertSettingsAnswer>;

export const alertAnswer = z.object({
  kind: z.enum(ALERT_KINDS),
  clientId: z.string().nullable().meta({ description: 'null : une alerte de l’agence (clôture, import comptable).' }),
  clientName: z.string().nullable(),
  poleId: z.string().nullable(),
  pole: z.string().nullable().meta({ description: 'Le nom du pôle (achats au-dessus de la prévision).' }),
  month: z.number().int().nullable(),
  year: z.number().int(),
  since: z.string().meta({ description: 'Quand l’alerte s’est déclenchée (ISO).' }),
  value: z.number().meta({
    description: 'Achats réels (€), taux de marge à date (points) ou jours de retard, selon kind.',
  }),
  threshold: z.number().meta({ description: 'La limite franchie, dans la même unité que value.' }),
  text: z.string(),
});
export type AlertWire = z.output<typeof alertAnswer>;
export const alertsAnswer = z.array(alertAnswer);
/** `GET /api/alerts?year`: the active alerts of the year in the caller's scope. */
export type AlertsAnswer = z.output<typeof alertsAnswer>;
