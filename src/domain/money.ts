/**
 * Money: euros held as integer cents. Every sum in the product is computed on cents, so binary
 * floating point never leaks into a total, a file or the screen (0.1 + 0.2 totals 0,30 €).
 * Conversions happen at the edges: JSON numbers (euros) ↔ cents, SQL numeric text ↔ cents,
 * cell entry text → cents, cents → French display text.
 */

declare const centsBrand: unique symbol;

/**
 * An amount in euro cents; always a safe integer. Branded so the compiler tells it from euros and
 * from any other number: only this module's producers make one (the parsers, `assertCents` at a
 * boundary, and the integer arithmetic below), so a euro float cannot be passed where cents go.
 * Reading one as a number (comparing, formatting, dividing) needs nothing.
 */
export type Cents = number & { readonly [centsBrand]: 'Cents' };

/** Largest absolute amount a numeric(14,2) column holds, in cents (999 999 999 999,99 €). */
export const MAX_ABS_CENTS = 99_999_999_999_999 as Cents;

/** Zero cents. */
export const ZERO_CENTS = 0 as Cents;

/** Largest absolute amount in euros accepted at the API boundary. */
export const MAX_ABS_EUROS = MAX_ABS_CENTS / 100;

/** True when `n` is an integer number of cents within the storable range. */
export function isCents(n: number): n is Cents {
  return Number.isSafeInteger(n) && Math.abs(n) <= MAX_ABS_CENTS;
}

/** Throws unless `n` is a storable amount in cents: the safety check at the boundary. */
export function assertCents(n: number): Cents {
  if (!isCents(n)) throw new RangeError(`Montant hors limites : ${n}`);
  return n;
}

// ---- integer arithmetic: a sum or difference of cents is cents (integers stay integers) ----

/**
 * A total beyond 2^53 cents (90 071 992 547 409,91 €), where a JavaScript number stops counting
 * every cent. One client's year cannot get there (the database bounds it, docs/product.md#money-bounds);
 * a sum across many such clients could: it is refused loudly rather than shown a cent off.
 */
export class CentsOverflowError extends RangeError {
  constructor() {
    super(
      "Un total dépasse 90 071 992 547 409,91 € : au-delà, l'outil ne peut plus l'additionner au centime près. Réduisez la sélection.",
    );
    this.name = 'CentsOverflowError';
  }
}

/** `n` when it is still exact (a safe integer); else CentsOverflowError. */
function exact(n: number): Cents {
  if (!Number.isSafeInteger(n)) throw new CentsOverflowError();
  return n as Cents;
}

/** n / d rounded half away from zero (d > 0), on exact integers (BigInt division truncates toward zero). */
export function divideHalfAway(n: bigint, d: bigint): bigint {
  const q = n / d; // truncates toward zero
  const r = n % d;
  const twice = (r < 0n ? -r : r) * 2n;
  if (twice < d) return q;
  return n < 0n ? q - 1n : q + 1n;
}

/** a + b, in cents; exact or refused (CentsOverflowError). */
export function addCents(a: Cents, b: Cents): Cents {
  return exact(a + b);
}

/** a − b, in cents; exact or refused (CentsOverflowError). */
export function subCents(a: Cents, b: Cents): Cents {
  return exact(a - b);
}

/**
 * Σ of the amounts, in cents (0 for none); exact or refused. Each partial sum is checked: once one
 * leaves the safe range, later additions could round.
 */
export function sumCents(amounts: Iterable<Cents>): Cents {
  let total = 0;
  for (const a of amounts) {
    total += a;
    if (!Number.isSafeInteger(total)) throw new CentsOverflowError();
  }
  return total as Cents;
}

/** −a, in cents (never −0). */
export function negateCents(a: Cents): Cents {
  return (0 - a) as Cents;
}

/**
 * Parses a plain decimal string (optional sign, digits, optional `.` or `,` and digits, optional
 * exponent) into cents, rounding half away from zero on the decimal digits. Returns null when
 * the text is not such a number.
 */
function decimalTextToCents(text: string): Cents | null {
  const cents = decimalTextToNumber(text);
  return cents === null ? null : (cents as Cents);
}

/** The integer behind decimalTextToCents. */
function decimalTextToNumber(text: string): number | null {
  const m = /^([+-]?)(\d*)(?:[.,](\d*))?(?:e([+-]?\d+))?$/i.exec(text);
  if (!m) return null;
  const [, sign, intPart = '', fracPart = '', expPart] = m;
  if (intPart === '' && fracPart === '') return null;
  let digits = intPart + fracPart;
  // The decimal point sits after `pointPos` digits of `digits`.
  let pointPos = intPart.length + (expPart ? Number(expPart) : 0);
  while (digits.length > 1 && digits.startsWith('0') && pointPos > 0) {
    digits = digits.slice(1);
    pointPos -= 1;
  }
  if (pointPos > 18) return null; // far beyond any storable amount
  if (pointPos < -3) return 0; // below half a cent
  if (pointPos < 0) {
    digits = '0'.repeat(-pointPos) + digits;
    pointPos = 0;
  }
  const whole = digits.slice(0, pointPos).padEnd(pointPos, '0') || '0';
  const frac = digits.slice(pointPos).padEnd(3, '0');
  // Rounding on the magnitude's third decimal is half away from zero once the sign is applied.
  const cents = Number(whole) * 100 + Number(frac.slice(0, 2)) + (Number(frac[2]) >= 5 ? 1 : 0);
  if (!Number.isSafeInteger(cents)) return null;
  return sign === '-' && cents !== 0 ? -cents : cents;
}

/**
 * Euros (a JSON number) → cents, rounding half away from zero on the number's shortest decimal
 * form, so 1.005 € is 101 cents (not 100 as `Math.round(1.005 * 100)` gives).
 */
export function eurosToCents(euros: number): Cents {
  if (!Number.isFinite(euros)) throw new RangeError(`Montant invalide : ${euros}`);
  // Fast path: a value that is whole cents up to float noise (0.1 → 10.000000000000002) cannot
  // be near a half cent, so plain rounding is exact. Others (1.005) go through the decimal text.
  const scaled = euros * 100;
  const rounded = Math.round(scaled);
  if (Math.abs(scaled - rounded) < 1e-6 && Number.isSafeInteger(rounded)) return (rounded + 0) as Cents;
  const cents = decimalTextToCents(String(euros));
  if (cents === null) throw new RangeError(`Montant invalide : ${euros}`);
  return cents;
}

/** Cents → euros as a JSON number (exact to the cent in its shortest decimal form). */
export function centsToEuros(cents: Cents): number {
  return cents / 100;
}

/**
 * SQL numeric text (`"1234.50"`, `"-0.05"`) → cents. A sum beyond 2^53 cents throws
 * CentsOverflowError (exact or refused, like addCents); anything else that is not such a text, a
 * RangeError.
 */
export function decimalToCents(text: string): Cents {
  if (!/^-?\d+(\.\d+)?$/.test(text)) throw new RangeError(`Décimal invalide : ${text}`);
  // A well-formed text is refused only for its size: more cents than a number counts exactly.
  const cents = decimalTextToCents(text);
  if (cents === null) throw new CentsOverflowError();
  return cents;
}

/** Cents → SQL numeric text with exactly two decimals (`-5` → `"-0.05"`). */
export function centsToDecimal(cents: Cents): string {
  const abs = Math.abs(cents);
  const text = `${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
  return cents < 0 ? `-${text}` : text;
}

/**
 * Cell entry (what a user types or pastes) → cents, per docs/product.md#cell-entry: accepts `1234,56`,
 * `1 234,56` (space, no-break or narrow no-break space as thousands separator), `1234.56`,
 * `-50`, an optional trailing `€`; more than two decimals round half away from zero; anything
 * else, or empty, is 0.
 */
export function parseCellEntry(text: string): Cents {
  return parseAmountText(text) ?? ZERO_CENTS;
}

/**
 * The strict form of parseCellEntry, for text cells of imported files (docs/product.md#excel-import):
 * the same texts (`1 234,56`, `-0,05`, `1234.56`, `12 €`), rounded half away from zero to the
 * cent; null for anything else or an amount beyond the storable range. Empty text is 0.
 */
export function parseAmountText(text: string): Cents | null {
  const compact = text
    .trim()
    .replace(/\s*€$/, '')
    .replace(/(\d)[\s\u00a0\u202f]+(?=\d{3}(\D|$))/g, '$1');
  if (compact === '') return ZERO_CENTS;
  if (!/^[+-]?(\d+([.,]\d*)?|[.,]\d+)$/.test(compact)) return null;
  const cents = decimalTextToCents(compact);
  return cents !== null && isCents(cents) ? cents : null;
}

/**
 * A number cell's own text as a spreadsheet stores it (`1234.5`, `0.30000000000000004`,
 * `1.5E-2`) → cents, rounded half away from zero, never through a binary float; null when it is
 * not such a text or beyond the storable range.
 */
export function numberTextToCents(text: string): Cents | null {
  if (!/^-?\d+(\.\d+)?(E[+-]?\d+)?$/i.test(text)) return null;
  const cents = decimalTextToCents(text);
  return cents !== null && isCents(cents) ? cents : null;
}

/**
 * Cents → plain decimal text, no thousands separator: whole euros without decimals, otherwise
 * exactly two (`1234`, `1234,50`, `-0,05`, `0`). Used by cell inputs and the CSV files.
 */
export function formatDecimal(cents: Cents, decimalSeparator: ',' | '.' = ','): string {
  if (cents % 100 === 0) return String(cents / 100);
  return centsToDecimal(cents).replace('.', decimalSeparator);
}

const euroFormat = new Intl.NumberFormat('fr-FR', {
  style: 'currency',
  currency: 'EUR',
  maximumFractionDigits: 0,
});

/** Cents → whole euros, half away from zero, never −0 (−0,40 € is 0: a gap of cents reads `0 €`). */
function wholeEuros(cents: Cents): number {
  return Math.sign(cents) * Math.round(Math.abs(cents) / 100) + 0;
}

/** Cents → French euro text without decimals (`1 235 €`), for totals, KPIs and tables; a few cents read `0 €`, never `-0 €`. */
export function formatEuros(cents: Cents): string {
  return euroFormat.format(wholeEuros(cents));
}

/** The sign a figure shows once rounded to whole euros: −0,40 € shows `0 €`, so it is not negative. */
export function shownSign(cents: Cents): -1 | 0 | 1 {
  const whole = wholeEuros(cents);
  return whole > 0 ? 1 : whole < 0 ? -1 : 0;
}

const compactFormat = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 });
const compactDecimalFormat = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 });

/**
 * Cents → a French euro text short enough for a total column (docs/product.md#money-display):
 * exact whole euros below 100 000 € (`99 999 €`), then thousands (`2 709 k€`), then millions
 * (`12,3 M€`, `1 234 M€`); never longer than about ten characters, so two amounts side by side do
 * not run into each other. The exact value goes in the element's title.
 */
export function formatCompactEuros(cents: Cents): string {
  const euros = wholeEuros(cents);
  const magnitude = Math.abs(euros);
  if (magnitude < 100_000) return formatEuros(cents);
  if (magnitude < 100_000_000) return `${compactFormat.format(Math.round(euros / 1000) + 0)}\u00a0k€`;
  const millions = euros / 1_000_000;
  const format = Math.abs(millions) < 100 ? compactDecimalFormat : compactFormat;
  return `${format.format(millions)}\u00a0M€`;
}

const groupedFormat = new Intl.NumberFormat('fr-FR', {
  useGrouping: true,
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});
const groupedCentsFormat = new Intl.NumberFormat('fr-FR', {
  useGrouping: true,
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/**
 * Cents → an amount input's text when it is not focused: French digit grouping, decimals only when
 * there are cents (`12 000`, `1 234,56`, `-0,05`); `readCellEntry` reads it back.
 */
export function formatGrouped(cents: Cents): string {
  return cents % 100 === 0 ? groupedFormat.format(cents / 100 + 0) : groupedCentsFormat.format(cents / 100);
}

const exactEuroFormat = new Intl.NumberFormat('fr-FR', {
  style: 'currency',
  currency: 'EUR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Cents → French euro text to the cent, whole euros without decimals (`1 500 €`, `1 500,25 €`): a value as typed. */
export function formatEurosExact(cents: Cents): string {
  return cents % 100 === 0 ? formatEuros(cents) : exactEuroFormat.format(cents / 100);
}

const percentFormat = new Intl.NumberFormat('fr-FR', {
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});

/** A percentage (12.345 means 12.345 %) → `12,3 %`; with `signed`, non-negative values get `+`. */
export function formatPercent(percent: number, signed = false): string {
  const text = `${percentFormat.format(percent + 0)}\u00a0%`; // `+ 0`: no `-0,0 %` for an exact -0
  return signed && percent >= 0 && !text.startsWith('-') ? `+${text}` : text;
}

/** gap / base × 100, or 0 when base is not positive (docs/product.md#formulas-project-rows). Both in cents; result in percent. */
export function percentOf(gap: Cents, base: Cents): number {
  return base > 0 ? (gap / base) * 100 : 0;
}
