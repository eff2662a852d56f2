/** Chart conventions of docs/product.md#dashboard-charts: a 20-colour palette used in turn, bars filled at 50 % opacity. */
export const CHART_PALETTE = [
  '#2563eb',
  '#16a34a',
  '#dc2626',
  '#ca8a04',
  '#9333ea',
  '#0891b2',
  '#ea580c',
  '#db2777',
  '#4f46e5',
  '#65a30d',
  '#0d9488',
  '#c026d3',
  '#e11d48',
  '#7c3aed',
  '#059669',
  '#d97706',
  '#0284c7',
  '#be123c',
  '#4d7c0f',
  '#6d28d9',
] as const;

export const BAR_FILL_OPACITY = 0.5;
export const CHART_HEIGHT = 400;
export const POLE_CHART_HEIGHT = 300;

/** The palette colour of the i-th item, cycling. */
export function paletteColor(i: number): string {
  return CHART_PALETTE[i % CHART_PALETTE.length] ?? CHART_PALETTE[0];
}
