import { formatCompactEuros, shownSign, type Cents } from '@/domain';

/**
 * The colour of a signed figure (docs/product.md#sign-colours: positive gaps green, negative red): green at or above
 * zero, red below. One rule for the grid's deltas, the forecast gap and the dashboards.
 */
export function signClass(value: number): string {
  return value >= 0 ? 'text-success' : 'text-destructive';
}

/**
 * A delta as shown: whole euros, `+` above zero; a gap of a few cents reads `0 €`, neither red nor
 * `-0 €` (docs/product.md#sign-colours).
 */
export function signedCompact(cents: Cents): string {
  const text = formatCompactEuros(cents);
  return shownSign(cents) > 0 ? `+${text}` : text;
}
