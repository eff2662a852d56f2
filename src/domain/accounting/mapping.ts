/**
 * The rule engine of docs/product.md#actuals-from-the-accounting: a FEC's ledger lines, the
 * mapping document and the clients' forecasts in, the actuals per client × pole × line × month
 * out, with what the ledger says each month and what is left to map. Pure: no I/O, amounts in
 * integer cents, every sum through addCents (an overflow is refused, never a cent off).
 */
import { CALENDAR_YEAR, positionOfDate, type FiscalSettings } from '../fiscal-year';
import { addCents, subCents, ZERO_CENTS, type Cents } from '../money';
import { MONTH_COUNT } from '../months';
import { foldName } from '../names';
import type {
  ActualField,
  FecFile,
  FecLine,
  ForecastLine,
  MappedCell,
  MappingDocument,
  MappingResult,
  MonthSummary,
  RuleAction,
  UnmappedGroup,
} from './types';

/**
 * A header name as headers are matched: lower case, accents, blanks and `_` removed
 * (`Écriture_Lib` → `ecriturelib`). The FEC reader exports the same function; they are unified
 * when both land.
 */
function normaliseColumnName(name: string): string {
  return name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/[\s_]/g, '');
}

/**
 * A label folded as foldName folds it (accents, case and extra blanks aside), with a fast path
 * for the plain ASCII most ledgers write: the same result, a fifth of the time over 100,000 lines.
 */
function foldLabel(label: string): string {
  // eslint-disable-next-line no-control-regex -- ASCII, controls included, is what the fast path takes
  if (/^[\x00-\x7f]*$/.test(label)) return label.toLowerCase().replace(/\s+/g, ' ').trim();
  return foldName(label);
}

/**
 * `total` shared in proportion to `weights` (non-negative integers, at least one positive), to
 * the cent, by largest remainder: each share gets its exact part rounded toward zero, and the
 * cents left go one each to the largest remainders, ties to the first share; the shares sum
 * exactly to `total`, and a weight of 0 gets 0. A negative total is shared as its magnitude and
 * every share negated. Exact for any amounts: in plain numbers while cents × weights stay below
 * 2^53, in BigInt beyond. The equal-weights case is `spreadEvenly` (budget-grid.ts).
 */
export function shareByLargestRemainder(total: Cents, weights: readonly number[]): Cents[] {
  let whole = 0;
  for (const w of weights) {
    if (!Number.isSafeInteger(w) || w < 0) throw new RangeError('Poids de répartition invalides.');
    whole += w;
  }
  if (whole <= 0 || !Number.isSafeInteger(whole)) throw new RangeError('Poids de répartition invalides.');
  const magnitude = Math.abs(total);
  const parts: number[] = [];
  const rests: (number | bigint)[] = [];
  if (magnitude * whole <= Number.MAX_SAFE_INTEGER) {
    for (const w of weights) {
      const product = magnitude * w;
      const rest = product % whole; // exact on integers, unlike a rounded quotient
      parts.push((product - rest) / whole);
      rests.push(rest);
    }
  } else {
    const bigWhole = BigInt(whole);
    for (const w of weights) {
      const product = BigInt(magnitude) * BigInt(w);
      parts.push(Number(product / bigWhole)); // at most `magnitude`: a safe integer
      rests.push(product % bigWhole);
    }
  }
  let left = parts.reduce((rest, p) => rest - p, magnitude);
  // Stable: equal remainders keep their order, so the first share wins a tie.
  const order = rests.map((_, i) => i).sort((a, b) => (rests[b]! > rests[a]! ? 1 : rests[b]! < rests[a]! ? -1 : 0));
  for (const i of order) {
    if (left === 0) break;
    parts[i]! += 1;
    left -= 1;
  }
  const sign = total < 0 ? -1 : 1;
  return parts.map((p) => (p * sign + 0) as Cents);
}

/** The ledger and unmapped figures `coverageShare` reads: a month, or totals of the same shape. */
export type CoverageFigures = Pick<
  MonthSummary,
  'ledgerSales' | 'ledgerPurchases' | 'unmappedSales' | 'unmappedPurchases'
>;

/**
 * The share of the ledger's amounts mapped or ignored, as a whole percent rounded down, for the
 * « 94 % des montants affectés » bar: 1 − (|unmappedSales| + |unmappedPurchases|) /
 * (|ledgerSales| + |ledgerPurchases|). Rounded down so that 99.9 % shows 99 %: 100 only when
 * nothing is unmapped. Kept within 0–100 (credit notes can make |unmapped| exceed |ledger|); a
 * ledger of 0 is 100 when nothing is unmapped, else 0.
 */
export function coverageShare(figures: CoverageFigures): number {
  const ledger = BigInt(Math.abs(figures.ledgerSales)) + BigInt(Math.abs(figures.ledgerPurchases));
  const unmapped = BigInt(Math.abs(figures.unmappedSales)) + BigInt(Math.abs(figures.unmappedPurchases));
  if (unmapped === 0n) return 100;
  if (unmapped >= ledger) return 0;
  // Integer division rounds down: exact, where (1 − u / l) × 100 in floats may not be.
  return Number((100n * (ledger - unmapped)) / ledger);
}

// ---- the rules, compiled once per file -----------------------------------------------------

type CompiledAction =
  | { kind: 'ignore' }
  | { kind: 'cell'; clientId: string | null; pole: string; line: string }
  | { kind: 'split'; clientId: string | null; shares: { pole: string; line: string; weight: number }[] }
  | { kind: 'spread'; clientId: string | null };

interface CompiledRule {
  /** Its place among the compiled rules: the index of its groups. */
  index: number;
  account: string | null;
  thirdParty: string | null;
  journal: string | null;
  /** Folded (foldName), so a line's folded label contains it. */
  label: string | null;
  /** Index in FecLine.values of the column condition; -1 without one. */
  column: number;
  columnEquals: string;
  action: CompiledAction;
}

function compileAction(then: RuleAction): CompiledAction {
  if ('ignore' in then) return { kind: 'ignore' };
  const clientId = then.clientId === undefined ? null : then.clientId.toLowerCase();
  if ('split' in then) {
    // Percentages have at most two decimals (mapping-schema.ts): hundredths are exact integers.
    const shares = then.split.map((s) => ({ pole: s.pole, line: s.line, weight: Math.round(s.percent * 100) }));
    return { kind: 'split', clientId, shares };
  }
  if ('spread' in then) return { kind: 'spread', clientId };
  return { kind: 'cell', clientId, pole: then.pole, line: then.line };
}

/**
 * The rules that can match in this file. A rule whose column the file lacks can never match and
 * is dropped; with several columns of the same normalised name, the first is read.
 */
function compileRules(file: FecFile, mapping: MappingDocument): CompiledRule[] {
  const columns = new Map<string, number>();
  file.columns.forEach((name, i) => {
    const key = normaliseColumnName(name);
    if (!columns.has(key)) columns.set(key, i);
  });
  const rules: CompiledRule[] = [];
  for (const { when, then } of mapping.rules) {
    const column = when.column ? (columns.get(normaliseColumnName(when.column.name)) ?? null) : -1;
    if (column === null) continue;
    rules.push({
      index: rules.length,
      account: when.account ?? null,
      thirdParty: when.thirdParty ?? null,
      journal: when.journal ?? null,
      label: when.label === undefined ? null : foldName(when.label),
      column,
      columnEquals: when.column?.equals.trim() ?? '',
      action: compileAction(then),
    });
  }
  return rules;
}

/** Which actual a line feeds (class 7: réel; class 6 or an agent account of class 4: achat), or null. */
function fieldOf(account: string, agentAccounts: readonly string[]): ActualField | null {
  const digit = account.charCodeAt(0);
  if (digit === 55 /* 7 */) return 'reel';
  if (digit === 54 /* 6 */) return 'achat';
  if (digit === 52 /* 4 */ && agentAccounts.some((prefix) => account.startsWith(prefix))) return 'achat';
  return null;
}

/** Index of a (field, month) pair in the 24-slot arrays below. */
const slot = (field: ActualField, month: number) => (field === 'reel' ? month : MONTH_COUNT + month);
const emptySlots = () => Array.from({ length: 2 * MONTH_COUNT }, () => ZERO_CENTS);

/** A spread's targets for one client, field and month: the lines with a positive forecast. */
interface SpreadPlan {
  lines: ForecastLine[];
  weights: number[];
}

/** Code-unit order: deterministic whatever the locale. */
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Applies the mapping document to a FEC for `year` (docs/product.md#actuals-from-the-accounting).
 * Amounts in cents; `forecasts` holds each client's lines keyed by client id in lower case (the
 * weights of `spread: "forecast"`, in the order ties go to).
 *
 * - Lines of an opening journal (`openingJournals`, case aside) are left out entirely: they are
 *   not counted in `outsideYear` nor in `covered`.
 * - A line's month is its EcritureDate's, or its PieceDate's with `monthFrom: "PieceDate"` (an
 *   empty PieceDate falls back to EcritureDate), as a position in fiscal year `year` of `fiscal`
 *   (docs/product.md#fiscal-years: a September year's September entries go to month 0). Every other line dated outside `year`, whatever
 *   its account, counts in `outsideYear` and is left out; `covered` spans the months of the lines
 *   inside the year, whatever their account.
 * - Class 7 lines are sales (credit − debit → réel), class 6 lines and class-4 lines under an
 *   `agentAccounts` prefix purchases (debit − credit → achat); other lines feed nothing.
 * - The first rule whose conditions all hold decides; a line no rule matches, or whose rule finds
 *   no client (`then.clientId`, else its third party in `clients`), or a spread over a month the
 *   client has no positive forecast for, is unmapped.
 * - **Aggregated before distributed**: amounts are summed per (rule, client, month, field) and each
 *   sum is split or spread once, so the result does not depend on the order of the lines and each
 *   group is rounded once. Cells that several rules send amounts to add up; a cell whose amounts
 *   net to 0 (a sale and its credit note) is still listed: the ledger's figure for it is 0.
 * - Each month, ledger = mapped + ignored + unmapped, for sales and for purchases.
 */
export function mapFec(
  file: FecFile,
  mapping: MappingDocument,
  year: number,
  forecasts: ReadonlyMap<string, readonly ForecastLine[]>,
  fiscal: FiscalSettings = CALENDAR_YEAR,
): MappingResult {
  const rules = compileRules(file, mapping);
  const opening = new Set(mapping.openingJournals.map((j) => j.toLowerCase()));
  // Journal codes are few: each is lower-cased once, not once per line.
  const isOpeningOf = new Map<string, boolean>();
  const isOpening = (journal: string): boolean => {
    let known = isOpeningOf.get(journal);
    if (known === undefined) {
      known = opening.has(journal.toLowerCase());
      isOpeningOf.set(journal, known);
    }
    return known;
  };
  const clientOf = new Map(mapping.clients.map((c) => [c.thirdParty, c.clientId.toLowerCase()]));
  const usePieceDate = mapping.monthFrom === 'PieceDate';

  // The rules a line of this third party can match, in order: those without a third-party
  // condition and those naming it. Built once per third party, so thousands of « Toujours pour
  // ce tiers » rules cost each line only its own.
  const candidatesOf = new Map<string, CompiledRule[]>();
  const candidates = (thirdParty: string): CompiledRule[] => {
    let list = candidatesOf.get(thirdParty);
    if (!list) {
      list = rules.filter((r) => r.thirdParty === null || r.thirdParty === thirdParty);
      candidatesOf.set(thirdParty, list);
    }
    return list;
  };

  const spreadPlans = new Map<string, (SpreadPlan | null)[]>();
  const spreadPlan = (clientId: string, field: ActualField, month: number): SpreadPlan | null => {
    let plans = spreadPlans.get(clientId);
    if (!plans) {
      const lines = forecasts.get(clientId) ?? [];
      plans = Array.from({ length: 2 * MONTH_COUNT }, (_, s) => {
        const f: ActualField = s < MONTH_COUNT ? 'reel' : 'achat';
        const m = s % MONTH_COUNT;
        const targets = lines.filter((l) => (f === 'reel' ? l.previsionnel : l.achatPrevisionnel)[m]! > 0);
        if (targets.length === 0) return null;
        const weights = targets.map((l) => (f === 'reel' ? l.previsionnel : l.achatPrevisionnel)[m]!);
        return { lines: targets, weights };
      });
      spreadPlans.set(clientId, plans);
    }
    return plans[slot(field, month)] ?? null;
  };

  const ledger = emptySlots();
  const ignored = emptySlots();
  const unmapped = emptySlots();
  const unmappedGroups = new Map<string, UnmappedGroup>();
  // Per rule (its index in `rules`), per client: the 24 sums, undefined where no line went.
  const groups = rules.map(() => new Map<string, (Cents | undefined)[]>());
  let outsideYear = 0;
  let first = MONTH_COUNT;
  let last = -1;

  const leaveUnmapped = (line: FecLine, field: ActualField, month: number, amount: Cents) => {
    const s = slot(field, month);
    unmapped[s] = addCents(unmapped[s]!, amount);
    const key = `${line.thirdParty}\u0000${line.account}\u0000${field}`;
    const group = unmappedGroups.get(key);
    if (group) {
      group.amount = addCents(group.amount, amount);
      group.lines += 1;
      if (group.thirdPartyName === '') group.thirdPartyName = line.thirdPartyName;
    } else {
      unmappedGroups.set(key, {
        thirdParty: line.thirdParty,
        thirdPartyName: line.thirdPartyName,
        account: line.account,
        field,
        amount,
        lines: 1,
      });
    }
  };

  for (const line of file.lines) {
    if (isOpening(line.journal)) continue;
    const date = usePieceDate && line.pieceDate !== '' ? line.pieceDate : line.entryDate;
    const month = positionOfDate(fiscal, date, year);
    if (month < 0) {
      outsideYear += 1;
      continue;
    }
    if (month < first) first = month;
    if (month > last) last = month;
    const field = fieldOf(line.account, mapping.agentAccounts);
    if (field === null) continue;
    const amount = field === 'reel' ? subCents(line.credit, line.debit) : subCents(line.debit, line.credit);
    const s = slot(field, month);
    ledger[s] = addCents(ledger[s]!, amount);

    let folded: string | null = null; // the line's label folded, once, if a rule asks
    let rule: CompiledRule | undefined;
    for (const candidate of candidates(line.thirdParty)) {
      if (candidate.account !== null && !line.account.startsWith(candidate.account)) continue;
      if (candidate.journal !== null && line.journal !== candidate.journal) continue;
      if (candidate.column >= 0) {
        const value = line.values[candidate.column] ?? '';
        if (value !== candidate.columnEquals && value.trim() !== candidate.columnEquals) continue;
      }
      if (candidate.label !== null) {
        folded ??= foldLabel(line.label);
        if (!folded.includes(candidate.label)) continue;
      }
      rule = candidate;
      break;
    }
    if (!rule) {
      leaveUnmapped(line, field, month, amount);
      continue;
    }
    const action = rule.action;
    if (action.kind === 'ignore') {
      ignored[s] = addCents(ignored[s]!, amount);
      continue;
    }
    const clientId = action.clientId ?? clientOf.get(line.thirdParty);
    if (clientId === undefined || (action.kind === 'spread' && !spreadPlan(clientId, field, month))) {
      leaveUnmapped(line, field, month, amount);
      continue;
    }
    const byClient = groups[rule.index]!;
    let sums = byClient.get(clientId);
    if (!sums) {
      sums = Array.from({ length: 2 * MONTH_COUNT }, () => undefined);
      byClient.set(clientId, sums);
    }
    sums[s] = addCents(sums[s] ?? ZERO_CENTS, amount);
  }

  // Distribute each group's sum once.
  const mapped = emptySlots();
  const cells = new Map<string, MappedCell>();
  const addCell = (
    clientId: string,
    pole: string,
    lineName: string,
    month: number,
    field: ActualField,
    amount: Cents,
  ) => {
    const key = `${clientId}\u0000${pole}\u0000${lineName}\u0000${month}\u0000${field}`;
    const cell = cells.get(key);
    if (cell) cell.amount = addCents(cell.amount, amount);
    else cells.set(key, { clientId, pole, line: lineName, month, field, amount });
  };
  rules.forEach(({ action }, r) => {
    for (const [clientId, sums] of groups[r]!) {
      sums.forEach((amount, s) => {
        if (amount === undefined) return;
        const field: ActualField = s < MONTH_COUNT ? 'reel' : 'achat';
        const month = s % MONTH_COUNT;
        mapped[s] = addCents(mapped[s]!, amount);
        if (action.kind === 'cell') {
          addCell(clientId, action.pole, action.line, month, field, amount);
        } else if (action.kind === 'split') {
          const parts = shareByLargestRemainder(
            amount,
            action.shares.map((share) => share.weight),
          );
          action.shares.forEach((share, i) => addCell(clientId, share.pole, share.line, month, field, parts[i]!));
        } else if (action.kind === 'spread') {
          // Checked when the lines were grouped: the plan exists.
          const plan = spreadPlan(clientId, field, month)!;
          const parts = shareByLargestRemainder(amount, plan.weights);
          plan.lines.forEach((l, i) => addCell(clientId, l.pole, l.line, month, field, parts[i]!));
        }
      });
    }
  });

  const months: MonthSummary[] = Array.from({ length: MONTH_COUNT }, (_, month) => {
    const sales = slot('reel', month);
    const purchases = slot('achat', month);
    return {
      month,
      ledgerSales: ledger[sales]!,
      ledgerPurchases: ledger[purchases]!,
      mappedSales: mapped[sales]!,
      mappedPurchases: mapped[purchases]!,
      ignored: addCents(ignored[sales]!, ignored[purchases]!),
      unmapped: addCents(unmapped[sales]!, unmapped[purchases]!),
      ignoredSales: ignored[sales]!,
      ignoredPurchases: ignored[purchases]!,
      unmappedSales: unmapped[sales]!,
      unmappedPurchases: unmapped[purchases]!,
    };
  });

  return {
    lines: file.lines.length,
    outsideYear,
    covered: last < 0 ? null : { first, last },
    months,
    cells: [...cells.values()].sort(
      (a, b) =>
        byText(a.clientId, b.clientId) ||
        byText(a.pole, b.pole) ||
        byText(a.line, b.line) ||
        a.month - b.month ||
        byText(a.field, b.field),
    ),
    unmapped: [...unmappedGroups.values()].sort(
      (a, b) =>
        Math.abs(b.amount) - Math.abs(a.amount) ||
        byText(a.thirdParty, b.thirdParty) ||
        byText(a.account, b.account) ||
        byText(a.field, b.field),
    ),
  };
}
