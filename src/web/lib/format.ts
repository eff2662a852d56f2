/**
 * The colour of a signed figure (docs/product.md#sign-colours: positive gaps green, negative red): green at or above
 * zero, red below. One rule for the grid's deltas, the forecast gap and the dashboards.
 */
export function signClass(value: number): string {
  return value >= 0 ? 'text-success' : 'text-destructive';
}
