/**
 * The four monthly measures of a budget line and their French labels. Kept apart from schemas.ts
 * (zod) so the browser's first bundle does not need zod.
 */

/** The four monthly figures of a line, in the order the grid and files show them. */
export const MEASURES = ['previsionnel', 'achat_previsionnel', 'reel', 'achat'] as const;
export type Measure = (typeof MEASURES)[number];

/** The forecast measures: what a validated budget freezes (docs/product.md#sign-off). */
export const isForecast = (m: Measure) => m === 'previsionnel' || m === 'achat_previsionnel';

/** French labels of the measures, as used in accessible names (docs/product.md#accessible-names). */
export const MEASURE_LABELS: Record<Measure, string> = {
  previsionnel: 'Prévisionnel',
  achat_previsionnel: 'Achat prévisionnel',
  reel: 'Réel',
  achat: 'Achat réel',
};
