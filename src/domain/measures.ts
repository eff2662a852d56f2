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

/** The grid's figure captions: sales (chiffre d'affaires), gross margin, sales and purchases. */
export type FigureCaption = 'CA' | 'MB' | 'Ventes' | 'Achats';

const AGREED: Record<FigureCaption, readonly [forecast: string, actual: string]> = {
  CA: ['prévisionnel', 'réel'],
  MB: ['prévisionnelle', 'réelle'],
  Ventes: ['prévisionnelles', 'réelles'],
  Achats: ['prévisionnels', 'réels'],
};

/**
 * A figure's exact-value tooltip name, its adjective agreeing with the caption (m17,
 * docs/product.md#budget-grid): « MB prévisionnelle », « Ventes réelles », « Achats prévisionnels ».
 */
export const figureTitle = (caption: FigureCaption, side: 'forecast' | 'actual') =>
  `${caption} ${AGREED[caption][side === 'forecast' ? 0 : 1]}`;
