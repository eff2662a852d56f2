/**
 * The answers of /api, one zod schema each (docs/product.md#api-routes; ADR 045): the route returns
 * the schema's type (`c.json(x satisfies XAnswer)`), the OpenAPI document names the schema
 * (src/server/openapi/components.ts), and the web app types its fetchers with it
 * (`api.get<XAnswer>`). Amounts are euros, as on the wire, except the dashboards' (integer cents).
 * The types are imported as types by the browser: this module's zod stays out of its bundle.
 */
import { z } from 'zod';
import { API_ERROR_CODES } from './error-codes';
import { HISTORY_SOURCES } from './history';
import { MEASURES } from './measures';
import { ROLES } from './roles';
import { clientSchema, lineSchema, poleSchema } from './schemas';
import type { DashboardData } from './dashboard/data';
import type { LineAggregate } from './dashboard/sums';

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
    user: z.object({ email: z.string(), twoFactorEnabled: z.boolean() }).nullable(),
  }),
]);
export type SessionAnswer = z.output<typeof sessionAnswer>;

export const accessAnswer = z.object({
  mode: z.enum(['local', 'accounts']),
  role: z.enum(ROLES),
  clientIds: z.array(z.string()).nullable().meta({ description: 'null : tous les clients.' }),
  // The user an admin is looking through (read-only, 'Voir en tant que…').
  viewAs: z.object({ id: z.string(), email: z.string() }).nullable(),
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

export const clientList = z.array(clientSchema);
export type ClientsAnswer = z.output<typeof clientList>;
export const poleList = z.array(poleSchema);
export type PolesAnswer = z.output<typeof poleList>;
export type ClientAnswer = z.output<typeof clientSchema>;
export type PoleAnswer = z.output<typeof poleSchema>;
export type LineAnswer = z.output<typeof lineSchema>;

export const allBudgetsAnswer = z.object({
  clients: z.array(clientSchema),
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

const forecastTotals = z.object({ previsionnel: z.number(), achat_previsionnel: z.number() });
/** Forecast sales and purchases of a client's year, in euros. */
export type ForecastTotalsWire = z.output<typeof forecastTotals>;
export const rollForwardAnswer = z.object({
  clients: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      polesCreated: z.number().int(),
      linesCreated: z.number().int(),
      cellsFilled: z.number().int(),
      cellsSkipped: z.number().int(),
      before: forecastTotals,
      after: forecastTotals,
    }),
  ),
  // The history entry of a real run that changed something (null for a dry run, or nothing done).
  historyId,
});
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
/**
 * GET /api/dashboard. Its wire type has plain numbers where `DashboardData` (dashboard/data.ts) has
 * branded `Cents`: the dashboard code computes on the branded type, and `dashboardFits` below checks
 * that it fits this schema (ADR 016: the web trusts the server's cents there).
 */
export const dashboardAnswer = z.object({
  cutoff: z.object({
    month: z.number().int().meta({ description: 'Mois de coupure des chiffres à date, 0 à 11.' }),
    source: z.enum(['chosen', 'closed', 'actual', 'none']).meta({
      description: 'choisi (?cutoff=), dernier mois clôturé, dernier mois avec du réel, ou aucun (décembre).',
    }),
  }),
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
});
export type DashboardAnswer = z.output<typeof dashboardAnswer>;
export const dashboardLinesAnswer = z.object({
  poles: z.array(z.object({ pole: z.string(), lines: z.array(lineAggregate) })),
});
export type DashboardLinesAnswer = z.output<typeof dashboardLinesAnswer>;
/** GET /api/dashboard/lines as the dashboard code reads it: `LineAggregate`s in branded cents. */
export interface DashboardLinesData {
  poles: { pole: string; lines: LineAggregate[] }[];
}

/** Compiles only when the model type (branded cents) fits the answer's schema (plain integers). */
const fits = <_Model extends Wire, Wire>(): void => undefined;
fits<DashboardData, z.output<typeof dashboardAnswer>>();
fits<DashboardLinesData, z.output<typeof dashboardLinesAnswer>>();

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
});
export type ChecklistAnswer = z.output<typeof checklistAnswer>;
