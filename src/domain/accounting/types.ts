/**
 * The shapes shared by the FEC reader (fec-reader.ts), the rule engine (mapping.ts) and the server
 * routes of docs/product.md#actuals-from-the-accounting. Amounts are integer cents.
 */
import type { Cents } from '../money';

/** One ledger line of a FEC, as read (after the header). */
export interface FecLine {
  /** Its line number in the file, 1-based (the header is line 1). */
  lineNo: number;
  /** JournalCode. */
  journal: string;
  /** EcritureNum. */
  entryNum: string;
  /** EcritureDate, `AAAAMMJJ` (checked: a real date). */
  entryDate: string;
  /** PieceDate, `AAAAMMJJ`, or '' when the file leaves it empty. */
  pieceDate: string;
  /** CompteNum. */
  account: string;
  /** CompteLib. */
  accountLabel: string;
  /** EcritureLib. */
  label: string;
  /** Debit in cents (from Debit, or Montant when Sens is D / +1); may be negative. */
  debit: Cents;
  /** Credit in cents (from Credit, or Montant when Sens is C / -1); may be negative. */
  credit: Cents;
  /**
   * The line's third party: its own CompAuxNum, else the CompAuxNum of the customer (411…) or
   * supplier (401…) line of the same entry (same JournalCode + EcritureNum); '' when none.
   */
  thirdParty: string;
  /** The CompAuxLib that goes with `thirdParty`; '' when none. */
  thirdPartyName: string;
  /** Every field of the line as written (trimmed), in the order of `FecFile.columns`. */
  values: readonly string[];
}

/** A FEC read whole. */
export interface FecFile {
  /** The header's names as written, in file order (standard and extra columns). */
  columns: readonly string[];
  /** The separator found in the header. */
  separator: '\t' | '|' | ';' | ',';
  /** The encoding the bytes were read with. */
  encoding: 'utf-8' | 'windows-1252';
  lines: FecLine[];
}

/** Why a file cannot be read: the line (1-based; 0 for the file as a whole), the field, the French message. */
export interface FecProblem {
  line: number;
  field: string | null;
  /** « Ligne 57 : montant illisible dans Debit (« 12,3,4 ») ». */
  message: string;
}

/** The mapping document of docs/product.md#actuals-from-the-accounting (`GET/PUT /api/accounting/mapping`), one per database. */
export interface MappingDocument {
  /** Class-4 account prefixes of media bought as agent: their lines count as purchases. */
  agentAccounts: string[];
  /** Journals left out (opening entries). */
  openingJournals: string[];
  /** Which date gives a line its month. */
  monthFrom: 'EcritureDate' | 'PieceDate';
  /** Third party → client. */
  clients: { thirdParty: string; clientId: string }[];
  /** Tried in order; the first whose conditions all hold wins. */
  rules: MappingRule[];
}

/** What a rule asks of a line: every condition given must hold; at least one is given. */
export interface RuleCondition {
  /** Prefix of CompteNum. */
  account?: string;
  /** The line's third party, exact. */
  thirdParty?: string;
  /** JournalCode, exact. */
  journal?: string;
  /** EcritureLib contains it, accents and case aside. */
  label?: string;
  /** A column (by its header name, matched as headers are) equals this value exactly (trimmed). */
  column?: { name: string; equals: string };
}

/** One share of a split. */
export interface SplitShare {
  pole: string;
  line: string;
  /** An integer or decimal percentage; the shares of a split sum to 100. */
  percent: number;
}

/** What a rule does with the lines it matches. */
export type RuleAction =
  | { clientId?: string; pole: string; line: string }
  | { clientId?: string; split: SplitShare[] }
  | { clientId?: string; spread: 'forecast' }
  | { ignore: true };

export interface MappingRule {
  when: RuleCondition;
  then: RuleAction;
}

/** The actual a ledger line feeds: sales (réel) or purchases (achat). */
export type ActualField = 'reel' | 'achat';

/** A client's line, with its monthly forecasts, for `spread: "forecast"` (and to list lines a rule may create). */
export interface ForecastLine {
  pole: string;
  line: string;
  /** Prévisionnel per month (12), cents: the weights of a spread sale. */
  previsionnel: readonly Cents[];
  /** Achat prévisionnel per month (12), cents: the weights of a spread purchase. */
  achatPrevisionnel: readonly Cents[];
}

/** What the rules map to one cell: the sum of the amounts sent there. */
export interface MappedCell {
  clientId: string;
  pole: string;
  line: string;
  /** 0–11 within the year imported into. */
  month: number;
  field: ActualField;
  amount: Cents;
}

/** One month of the year as the file sees it (cents). */
export interface MonthSummary {
  month: number;
  /** Σ class-7 lines, credit − debit. */
  ledgerSales: Cents;
  /** Σ class-6 and agent-account lines, debit − credit. */
  ledgerPurchases: Cents;
  mappedSales: Cents;
  mappedPurchases: Cents;
  /** Σ of the lines a rule ignores (sales and purchases, each in its own sign). */
  ignored: Cents;
  /** Σ of the lines no rule or no client maps (sales and purchases, each in its own sign). */
  unmapped: Cents;
  ignoredSales: Cents;
  ignoredPurchases: Cents;
  unmappedSales: Cents;
  unmappedPurchases: Cents;
}

/** Unmapped lines grouped by third party and account (the « À affecter » list). */
export interface UnmappedGroup {
  thirdParty: string;
  thirdPartyName: string;
  account: string;
  /** Which actual these lines would feed. */
  field: ActualField;
  amount: Cents;
  /** How many ledger lines. */
  lines: number;
}

/** The rules applied to a file for one year. */
export interface MappingResult {
  /** Ledger lines in the file. */
  lines: number;
  /** Lines whose month (per `monthFrom`) falls outside the year: left out. */
  outsideYear: number;
  /** The months the file covers in the year (first to last line's month, inclusive), or null when none. */
  covered: { first: number; last: number } | null;
  /** The 12 months, in order. */
  months: MonthSummary[];
  /** Every mapped cell (amounts summed), sorted by client, pole, line, month, field. */
  cells: MappedCell[];
  /** Sorted by |amount| descending, then third party, then account. */
  unmapped: UnmappedGroup[];
}
