/**
 * The in-memory model both processes compute on: every amount is integer `Cents` (ADR 016). The
 * wire (JSON) keeps the euro shapes of docs/product.md#api-routes — see the *Wire types of schemas.ts — and `codec.ts` is the
 * one place that turns one into the other, at each HTTP edge.
 */
import type { ClientAttributes } from './client-attributes';
import type { BackupComment, BackupNotification } from './comments';
import type { LineDriver } from './drivers';
import type { BackupSignoff } from './signoff';
import type { Measure } from './measures';
import type { Cents } from './money';

/**
 * A client (docs/product.md#stored-entities), its two annual margin forecasts in cents, and its
 * attributes (docs/product.md#client-attributes; absent: none, 'actif').
 */
export interface Client extends Partial<ClientAttributes> {
  id: string;
  name: string;
  prevision_mb_annuelle_debut: Cents;
  /** Cache of the revised forecast, kept by the server; the budget tab recomputes it live. */
  prevision_mb_annuelle_revue: Cents;
  /** ISO timestamp. */
  created_at: string;
}

/**
 * A budget line: per measure, 12 monthly amounts in cents (January first); a driver line also
 * has its driver (docs/product.md#driver-lines).
 */
export type Line = { id: string; name: string; driver?: LineDriver } & Record<Measure, Cents[]>;

/** An expertise pole with its lines (creation order) and its 12 invoiced flags. */
export interface Pole {
  id: string;
  name: string;
  isExpanded: boolean;
  facture: boolean[];
  lines: Line[];
}

/** A line of a version (docs/product.md#versions-and-landing): its forecast measures only, cents. */
export type ForecastLine = Omit<Line, 'reel' | 'achat'>;

/** A pole of a version, as it was frozen. */
export type ForecastPole = Omit<Pole, 'lines'> & { lines: ForecastLine[] };

/** Budget data of several clients: client id → poles. */
export type BudgetData = Record<string, Pole[]>;

/** One cell value to store: line, month 0–11, measure and amount in cents. */
export interface CellUpdate {
  lineId: string;
  month: number;
  field: Measure;
  value: Cents;
  /** The value the user saw before editing: a stored value that differs refuses the batch (docs/product.md#conflicts). */
  expected?: Cents;
}

/** What a client update may change (PATCH /api/clients/:id). */
export interface ClientChanges {
  name?: string;
  prevision_mb_annuelle_debut?: Cents;
  /** docs/product.md#client-attributes: null clears. */
  manager?: string | null;
  sector?: string | null;
  status?: ClientAttributes['status'];
}

/** A validated one-year backup of SPEC's shape, decoded: every client and every budget of one year. */
export interface Backup {
  clients: Client[];
  budgetData: BudgetData;
  exportDate?: string;
  version?: number;
  year?: number;
}

/** A client without its year fields: what a version 2 backup lists once. */
export type ClientIdentity = Pick<Client, 'id' | 'name' | 'created_at' | keyof ClientAttributes>;

/** A client's fields of one year. */
export type YearClient = Pick<Client, 'id' | 'prevision_mb_annuelle_debut' | 'prevision_mb_annuelle_revue'>;

/** One year of data: the clients' year fields (those that have any) and their budgets. */
export interface YearBudget {
  year: number;
  clients: YearClient[];
  budgetData: BudgetData;
}

/**
 * A version as the backup holds it (docs/product.md#versions-and-landing, ADR 049): its summary,
 * the clients' initial MB forecasts and the poles it froze. Its clients need not exist any more.
 */
export interface VersionBackup {
  id: number;
  year: number;
  name: string;
  /** ISO date-time of the freeze. */
  at: string;
  by: string;
  reference: boolean;
  /** A validation's version: its one client (docs/product.md#sign-off); absent or null: the year's. */
  clientId?: string | null;
  clients: Pick<Client, 'id' | 'prevision_mb_annuelle_debut'>[];
  budgetData: Record<string, ForecastPole[]>;
}

/** Every client and every year (the version 2 backup, ADR 021), and the versions (ADR 049). */
export interface AllYearsBackup {
  clients: ClientIdentity[];
  /** By year, ascending. */
  years: YearBudget[];
  /** By id; none in a file written before versions existed. */
  versions?: VersionBackup[];
  /** The comments and notifications (docs/product.md#comments); absent from files before them: kept as they are. */
  comments?: BackupComment[];
  notifications?: BackupNotification[];
  /** The sign-off statuses (docs/product.md#sign-off); absent from files before them: every budget a draft. */
  signoffs?: BackupSignoff[];
  exportDate?: string;
}
