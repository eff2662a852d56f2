/**
 * What a user types into an amount field, read as a spreadsheet would (docs/product.md#cell-entry):
 * a French or dot-decimal amount, `(500)` for −500, or a formula `=1200*12` with + − × / and
 * parentheses, computed exactly (integer fractions, never binary floats) and rounded once to the
 * cent, half away from zero. Anything else is refused with a French reason: the cell keeps its
 * value instead of silently becoming 0 (the first release turned `1.700.000` into 0). ADR 024.
 */
import { MAX_ABS_CENTS, ZERO_CENTS, formatEurosExact, isCents, type Cents } from './money';

/** An entry read: its amount, or why it is refused. */
export type CellEntry = { ok: true; cents: Cents } | { ok: false; reason: string };

/** Longest text read as an entry: a formula longer than this is a paste gone wrong, not a figure. */
const MAX_ENTRY_LENGTH = 200;

/** The reason an amount beyond what the database holds is refused. */
export const OUT_OF_RANGE_REASON = `Montant hors limites : au plus ${formatEurosExact(MAX_ABS_CENTS)} en valeur absolue.`;

const NOT_UNDERSTOOD_REASON =
  'Saisie non reconnue : tapez un montant (1 234,56), (500) pour −500, ou une formule (=1200*12).';

const refuse = (reason: string): CellEntry => ({ ok: false, reason });

/** An exact fraction n / d with d > 0. */
type Fraction = { n: bigint; d: bigint };

const abs = (x: bigint) => (x < 0n ? -x : x);

function gcd(a: bigint, b: bigint): bigint {
  let [x, y] = [abs(a), abs(b)];
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

function fraction(n: bigint, d: bigint): Fraction {
  if (d < 0n) [n, d] = [-n, -d];
  const g = gcd(n, d) || 1n;
  return { n: n / g, d: d / g };
}

/**
 * A decimal number as text (`1234,56`, `1234.56`, `,5`; no sign) → an exact fraction, or null.
 * Thousands are grouped by spaces (removed before) or by dots when a decimal comma follows or
 * several dots group them (`1.234,56`, `1.700.000`): French Excel copies amounts that way.
 */
function decimalFraction(text: string): Fraction | null {
  let t = text;
  if (/^\d{1,3}(\.\d{3})+(,\d*)?$/.test(t) && (t.includes(',') || t.split('.').length > 2)) t = t.replace(/\./g, '');
  const m = /^(\d*)(?:[.,](\d*))?$/.exec(t);
  if (!m) return null;
  const [, int = '', frac = ''] = m;
  if (int === '' && frac === '') return null;
  return fraction(BigInt((int || '0') + frac), 10n ** BigInt(frac.length));
}

/** A fraction of euros → cents, half away from zero; null beyond the storable range. */
function toCents({ n, d }: Fraction): Cents | null {
  const scaled = abs(n) * 100n;
  let cents = scaled / d;
  if ((scaled % d) * 2n >= d) cents += 1n;
  if (cents > BigInt(MAX_ABS_CENTS)) return null;
  const value = Number(cents);
  return (n < 0n && value !== 0 ? -value : value) as Cents;
}

/** Removes thousands spaces (space, no-break, narrow no-break) between digits. */
function withoutGroupSpaces(text: string): string {
  return text.replace(/(\d)[\s\u00a0\u202f]+(?=\d)/g, '$1');
}

// ---- formulas: a recursive descent over + − × / and parentheses, on exact fractions ----------

class FormulaError extends Error {}

/** Evaluates a formula's body (after `=`). Throws FormulaError with a French reason. */
function evaluate(source: string): Fraction {
  const text = withoutGroupSpaces(source)
    .replace(/[×xX]/g, '*')
    .replace(/[÷:]/g, '/')
    .replace(/[−–]/g, '-')
    .replace(/\s+/g, '')
    .replace(/€/g, '');
  let pos = 0;
  const peek = () => text[pos];

  function primary(): Fraction {
    const c = peek();
    if (c === '(') {
      pos += 1;
      const value = sum();
      if (peek() !== ')') throw new FormulaError('Formule incomplète : une parenthèse n’est pas fermée.');
      pos += 1;
      return value;
    }
    if (c === '-' || c === '+') {
      pos += 1;
      const value = primary();
      return c === '-' ? { n: -value.n, d: value.d } : value;
    }
    const m = /^\d*(?:[.,]\d*)?/.exec(text.slice(pos));
    const literal = m?.[0] ?? '';
    const value = literal === '' ? null : decimalFraction(literal);
    if (!value) {
      throw new FormulaError(
        pos >= text.length
          ? 'Formule incomplète : il manque un nombre à la fin.'
          : `Formule non reconnue : « ${text.slice(pos, pos + 10)} » n’est pas un nombre.`,
      );
    }
    pos += literal.length;
    return value;
  }

  function product(): Fraction {
    let value = primary();
    for (let c = peek(); c === '*' || c === '/'; c = peek()) {
      pos += 1;
      const right = primary();
      if (c === '*') value = fraction(value.n * right.n, value.d * right.d);
      else if (right.n === 0n) throw new FormulaError('Division par zéro.');
      else value = fraction(value.n * right.d, value.d * right.n);
    }
    return value;
  }

  function sum(): Fraction {
    let value = product();
    for (let c = peek(); c === '+' || c === '-'; c = peek()) {
      pos += 1;
      const right = product();
      value = fraction(
        c === '+' ? value.n * right.d + right.n * value.d : value.n * right.d - right.n * value.d,
        value.d * right.d,
      );
    }
    return value;
  }

  if (text === '') throw new FormulaError('Formule vide : tapez par exemple =1200*12.');
  const value = sum();
  if (pos < text.length) {
    throw new FormulaError(
      text[pos] === ')'
        ? 'Formule non reconnue : une parenthèse fermante est en trop.'
        : `Formule non reconnue : « ${text.slice(pos, pos + 10)} » n’est pas compris.`,
    );
  }
  return value;
}

/**
 * Reads an entry (docs/product.md#cell-entry): empty is 0; `1 234,56`, `1234.56`, `-50`, `+50`,
 * `,5`, `1.234,56`, a trailing `€`; `(500)` is −500; `=…` a formula. More than two decimals, and
 * a formula's result, round half away from zero to the cent. Refused, with the reason: any other
 * text, a division by zero, an amount beyond ±999 999 999 999,99 €.
 */
export function readCellEntry(input: string): CellEntry {
  const text = input.trim();
  if (text === '') return { ok: true, cents: ZERO_CENTS };
  if (text.length > MAX_ENTRY_LENGTH) return refuse(NOT_UNDERSTOOD_REASON);
  let value: Fraction | null;
  if (text.startsWith('=')) {
    try {
      value = evaluate(text.slice(1));
    } catch (error) {
      if (error instanceof FormulaError) return refuse(error.message);
      throw error;
    }
  } else {
    const accounting = /^\((.*)\)$/.exec(text);
    const body = withoutGroupSpaces(accounting ? accounting[1]!.trim() : text).replace(/\s*€$/, '');
    const signed = /^([-+−]?)(.*)$/.exec(body)!;
    const [, sign = '', digits = ''] = signed;
    if (accounting && sign !== '') return refuse(NOT_UNDERSTOOD_REASON);
    const magnitude = decimalFraction(digits);
    if (!magnitude) return refuse(NOT_UNDERSTOOD_REASON);
    const negative = accounting !== null || sign === '-' || sign === '−';
    value = negative ? { n: -magnitude.n, d: magnitude.d } : magnitude;
  }
  const cents = toCents(value);
  if (cents === null || !isCents(cents)) return refuse(OUT_OF_RANGE_REASON);
  return { ok: true, cents: (cents + 0) as Cents };
}
