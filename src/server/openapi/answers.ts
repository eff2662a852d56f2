/**
 * zod schemas of the answers (and of better-auth's bodies) that no route validates, so the OpenAPI
 * document can name them. Each is tied to the TypeScript type the route returns by a compile-time
 * check (`Same`/`Covers` below): a field renamed or added on one side only fails `tsc`, so this
 * description cannot drift silently from the code (ADR 030).
 */
import { z } from 'zod';
import { API_ERROR_CODES, type ApiErrorBody } from '@/domain/api-error';
import { ROLES, type AccessWire, type ChecklistItem, type MonthLock, type UserWire } from '@/domain/control';
import type { DashboardData } from '@/domain/dashboard/data';
import type { LineAggregate } from '@/domain/dashboard/sums';
import { HISTORY_SOURCES } from '@/domain/history';
import { MEASURES } from '@/domain/measures';
import {
  clientSchema,
  poleSchema,
  type ClientWire,
  type HistoryEntryWire,
  type PoleWire,
  type RollForwardAnswerWire,
} from '@/domain/schemas';
import type { YearSummary } from '@/domain/years';
import type { PresenceUser } from '@/domain/live';
import type { SessionInfo } from '../auth/session';

/** True when A and B are assignable both ways (a field renamed, added or dropped on one side is false). */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** Fails to compile unless `T` is `true`. */
const same = <T extends true>(): T | undefined => undefined;

const measure = z.enum(MEASURES);
const historyId = z.number().int().nullable();

export const healthAnswer = z.union([
  z.object({ status: z.literal('ok') }),
  // 503 (issue 19): the database cannot be reached right now.
  z.object({ status: z.literal('unavailable'), database: z.literal('unreachable'), message: z.string() }),
]);

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
same<Same<z.infer<typeof errorAnswer>, ApiErrorBody>>();

export const sessionAnswer = z.union([
  z.object({ mode: z.literal('local') }),
  z.object({
    mode: z.literal('accounts'),
    user: z.object({ email: z.string(), twoFactorEnabled: z.boolean() }).nullable(),
  }),
]);
same<Same<z.infer<typeof sessionAnswer>, SessionInfo>>();

export const clientList = z.array(clientSchema);
export const poleList = z.array(poleSchema);

export const allBudgetsAnswer = z.object({
  clients: z.array(clientSchema),
  budgetData: z.record(z.string(), z.array(poleSchema)).meta({ description: 'Identifiant de client → ses pôles.' }),
});
same<Same<z.output<typeof allBudgetsAnswer>, { clients: ClientWire[]; budgetData: Record<string, PoleWire[]> }>>();

export const cellsAnswer = z.object({
  updated: z.number().int().meta({ description: 'Cellules reçues.' }),
  historyId: historyId.meta({ description: 'Entrée d’historique (null si aucune valeur n’a changé).' }),
});

export const restoreAnswer = z.object({
  clients: z.number().int().meta({ description: 'Clients restaurés.' }),
  historyId: z.number().int().meta({ description: 'Entrée d’historique de la restauration (annulable).' }),
});

export const yearList = z.array(z.object({ year: z.number().int(), clients: z.number().int() }));
same<Same<z.infer<typeof yearList>, YearSummary[]>>();

const forecastTotals = z.object({ previsionnel: z.number(), achat_previsionnel: z.number() });
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
  historyId,
});
same<Same<z.infer<typeof rollForwardAnswer>, RollForwardAnswerWire>>();

/** POST /api/import: what it created and wrote, and its history entry (null when nothing changed). */
export const importAnswer = z.object({
  historyId: z.number().int().nullable(),
  lines: z.number().int(),
  cells: z.number().int(),
});

const historyEntry = z.object({
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
same<Same<z.infer<typeof historyEntry>, HistoryEntryWire>>();
export { historyEntry };
export const historyPage = z.object({ entries: z.array(historyEntry) });
export const historyStack = z.object({ undo: historyId, redo: historyId });
export const undoAnswer = z.object({ entry: historyEntry });

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
// Amounts are branded cents in DashboardData: the wire type must fit the schema (one way).
const dashboardFits: z.infer<typeof dashboardAnswer> | undefined = undefined as DashboardData | undefined;
void dashboardFits;
export const dashboardLinesAnswer = z.object({
  poles: z.array(z.object({ pole: z.string(), lines: z.array(lineAggregate) })),
});
const dashboardLinesFits: z.infer<typeof dashboardLinesAnswer> | undefined = undefined as
  { poles: { pole: string; lines: LineAggregate[] }[] } | undefined;
void dashboardLinesFits;

// ---- better-auth's bodies (accounts mode) ---------------------------------------------------

export const signInBody = z.object({ email: z.string(), password: z.string() });
export const passwordBody = z.object({ password: z.string() });
export const totpBody = z.object({ code: z.string().meta({ description: 'Code à 6 chiffres.' }) });
export const okAnswer = z.object({ status: z.boolean().optional() }).loose();

// ---- month closing and access (issue 14) ----------------------------------------------------

export const monthLockList = z.array(
  z.object({
    month: z.number().int().meta({ description: 'Mois clôturé, 0 (janvier) à 11.' }),
    closedAt: z.string(),
    closedBy: z.string(),
    note: z.string().nullable(),
  }),
);
same<Same<z.infer<typeof monthLockList>, MonthLock[]>>();

export const checklistAnswer = z.object({
  items: z.array(
    z.object({
      kind: z.enum(['reel_not_invoiced', 'invoiced_without_reel', 'achat_missing']),
      clientId: z.string(),
      clientName: z.string(),
      poleName: z.string(),
      lineName: z.string().nullable(),
    }),
  ),
});
same<Same<z.infer<typeof checklistAnswer>, { items: ChecklistItem[] }>>();

export const accessAnswer = z.object({
  mode: z.enum(['local', 'accounts']),
  role: z.enum(ROLES),
  clientIds: z.array(z.string()).nullable().meta({ description: 'null : tous les clients.' }),
  viewAs: z.object({ id: z.string(), email: z.string() }).nullable(),
});
same<Same<z.infer<typeof accessAnswer>, AccessWire>>();

export const userAnswer = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  clientIds: z.array(z.string()).nullable().meta({ description: 'null : tous les clients.' }),
  disabled: z.boolean(),
  twoFactorEnabled: z.boolean(),
});
same<Same<z.infer<typeof userAnswer>, UserWire>>();
export const userList = z.array(userAnswer);
export const createdUserAnswer = z.object({
  user: userAnswer,
  temporaryPassword: z.string().meta({ description: 'Montré une seule fois ; jamais conservé en clair.' }),
});

/** POST /api/lines/:id/move (issue 13): the pole's line ids in their new order. */
export const lineOrderAnswer = z.object({ lineIds: z.array(z.string()) });

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
same<Same<z.infer<typeof presenceAnswer>, { users: PresenceUser[] }>>();
