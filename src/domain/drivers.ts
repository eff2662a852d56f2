/**
 * Driver lines (docs/product.md#driver-lines, ADR 059): a line whose `measure` is, every month,
 * `percent` % of the sum of `sourceMeasure` over its sources — every other line of a pole, or
 * listed lines — of the same client and year, rounded half away from zero to the cent, once per
 * cell. Pure: the server recomputes with it in the transaction of any change of a source, and the
 * grid names the sources in a cell's tooltip. Exact: sums and products in BigInt cents.
 */
import { MEASURES, MEASURE_LABELS, type Measure } from './measures';
import { assertCents, divideHalfAway, type Cents } from './money';
import { MONTH_COUNT } from './months';

/** What a driver line sums: every line of a pole but itself, or the listed lines but itself. */
export type DriverSources = { pole: string } | { lineIds: string[] };

/** A line's driver, in the model: the percentage exact in hundredths of a percent (15 % → 1500). */
export interface LineDriver {
  measure: Measure;
  basisPoints: number;
  sourceMeasure: Measure;
  sources: DriverSources;
}

/** The largest percentage a driver takes (the smallest is 0 %): 1 000 %. */
export const MAX_DRIVER_PERCENT = 1000;

/** What the recomputation reads of a budget: its poles' lines, each with its figures and driver. */
export type DriverBudget = readonly {
  id: string;
  name: string;
  lines: readonly ({ id: string; name: string; driver?: LineDriver } & Record<Measure, readonly Cents[]>)[];
}[];

/** One computed cell whose value changes: old and new, cents. */
export interface DrivenCell {
  lineId: string;
  month: number;
  field: Measure;
  old: Cents;
  new: Cents;
}

/**
 * A driver's 12 months: per month, `basisPoints` / 10 000 of the sum of the sources' months,
 * rounded half away from zero to the cent (docs/product.md#driver-lines).
 */
export function drivenMonths(basisPoints: number, sources: readonly (readonly Cents[])[]): Cents[] {
  return Array.from({ length: MONTH_COUNT }, (_, m) => {
    const sum = sources.reduce((acc, s) => acc + BigInt(s[m] ?? 0), 0n);
    return assertCents(Number(divideHalfAway(sum * BigInt(basisPoints), 10_000n)));
  });
}

/** The ids of the lines a driver of line `lineId` sums, in `budget` (missing lines and itself left out). */
export function sourceLineIds(budget: DriverBudget, lineId: string, sources: DriverSources): string[] {
  const lines = budget.flatMap((p) => p.lines.map((l) => ({ id: l.id, poleId: p.id })));
  const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
  const picked =
    'pole' in sources
      ? lines.filter((l) => same(l.poleId, sources.pole))
      : lines.filter((l) => sources.lineIds.some((id) => same(id, l.id)));
  return picked.filter((l) => !same(l.id, lineId)).map((l) => l.id);
}

type Node = `${string}:${Measure}`;
const node = (lineId: string, measure: Measure): Node => `${lineId.toLowerCase()}:${measure}`;

/**
 * The driven cells of `budget` in an order that computes every source before what it drives, or
 * the names of the lines of a cycle (a line depending, directly or not, on its own computed
 * measure). A (line, measure) depends on the (source, source measure) of its driver.
 */
export function driverOrder(
  budget: DriverBudget,
): { order: { lineId: string; driver: LineDriver }[] } | { cycle: string[] } {
  const drivers = new Map<Node, { lineId: string; name: string; driver: LineDriver }>();
  for (const pole of budget)
    for (const line of pole.lines)
      if (line.driver)
        drivers.set(node(line.id, line.driver.measure), { lineId: line.id, name: line.name, driver: line.driver });
  const order: { lineId: string; driver: LineDriver }[] = [];
  const state = new Map<Node, 'visiting' | 'done'>();
  // Depth first, without recursion: each frame is a node and the sources still to visit.
  for (const start of drivers.keys()) {
    if (state.has(start)) continue;
    const stack: { at: Node; next: Node[] }[] = [];
    const push = (at: Node) => {
      const d = drivers.get(at)!;
      state.set(at, 'visiting');
      const next = sourceLineIds(budget, d.lineId, d.driver.sources)
        .map((id) => node(id, d.driver.sourceMeasure))
        .filter((n) => drivers.has(n));
      stack.push({ at, next });
    };
    push(start);
    while (stack.length > 0) {
      const top = stack.at(-1)!;
      const n = top.next.pop();
      if (n === undefined) {
        state.set(top.at, 'done');
        const d = drivers.get(top.at)!;
        order.push({ lineId: d.lineId, driver: d.driver });
        stack.pop();
      } else if (state.get(n) === 'visiting') {
        const from = stack.findIndex((f) => f.at === n);
        return { cycle: stack.slice(from).map((f) => drivers.get(f.at)!.name) };
      } else if (!state.has(n)) push(n);
    }
  }
  return { order };
}

/**
 * Every driven cell of `budget` whose value is not what its sources give, in computing order,
 * each source taken with the values computed before it. Throws on a cycle (the routes refuse one
 * before storing it).
 */
export function recomputeDrivers(budget: DriverBudget): DrivenCell[] {
  const result = driverOrder(budget);
  if ('cycle' in result) throw new Error(`Cycle de lignes calculées : ${result.cycle.join(' → ')}`);
  const values = new Map<Node, readonly Cents[]>();
  for (const pole of budget)
    for (const line of pole.lines) for (const m of MEASURES) values.set(node(line.id, m), line[m]);
  const changed: DrivenCell[] = [];
  for (const { lineId, driver } of result.order) {
    const sources = sourceLineIds(budget, lineId, driver.sources).map((id) =>
      values.get(node(id, driver.sourceMeasure))!,
    );
    const next = drivenMonths(driver.basisPoints, sources);
    const key = node(lineId, driver.measure);
    const old = values.get(key)!;
    next.forEach((v, month) => {
      if (v !== old[month]) changed.push({ lineId, month, field: driver.measure, old: old[month]!, new: v });
    });
    values.set(key, next);
  }
  return changed;
}

/** The budget with line `lineId`'s driver replaced by `driver` (null: none). */
export function withDriver<B extends DriverBudget>(budget: B, lineId: string, driver: LineDriver | null): DriverBudget {
  return budget.map((p) => ({
    ...p,
    lines: p.lines.map((l) => {
      if (l.id.toLowerCase() !== lineId.toLowerCase()) return l;
      const { driver: _old, ...rest } = l;
      return driver ? { ...rest, driver } : rest;
    }),
  }));
}

/** The percentage as the wire and the screen show it: 1500 → 15, 1250 → 12.5. */
export const driverPercent = (basisPoints: number): number => basisPoints / 100;

const percentFormat = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 2 });

/** A driver's percentage in French, exact: `15 %`, `12,25 %`. */
export const formatDriverPercent = (basisPoints: number): string =>
  `${percentFormat.format(driverPercent(basisPoints))}\u00a0%`;

/**
 * What a computed cell's tooltip says it is made of, in French: « Calculée : 15 % de Achat
 * prévisionnel du pôle Paid » or « … des lignes Google, Meta ».
 */
export function driverDescription(budget: DriverBudget, lineId: string, driver: LineDriver): string {
  const what = `${formatDriverPercent(driver.basisPoints)} de « ${MEASURE_LABELS[driver.sourceMeasure]} »`;
  if ('pole' in driver.sources) {
    const pole = budget.find((p) => p.id.toLowerCase() === (driver.sources as { pole: string }).pole.toLowerCase());
    return `Calculée : ${what} du pôle ${pole ? `« ${pole.name} »` : 'supprimé'}`;
  }
  const ids = sourceLineIds(budget, lineId, driver.sources);
  const names = budget
    .flatMap((p) => p.lines)
    .filter((l) => ids.includes(l.id))
    .map((l) => `« ${l.name} »`);
  if (names.length === 0) return `Calculée : ${what} d'aucune ligne`;
  return `Calculée : ${what} ${names.length === 1 ? 'de la ligne' : 'des lignes'} ${names.join(', ')}`;
}
