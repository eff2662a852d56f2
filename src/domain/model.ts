/**
 * Constants of the data model that carry no validation code: the four monthly measures, their
 * French labels, and the backup format version. Kept apart from schemas.ts (zod) so the browser's
 * first bundle does not need zod (the budget tab uses these; only the import flow validates).
 */

/** The four monthly figures of a line, in the order the grid and files show them. */
export const MEASURES = ['previsionnel', 'achat_previsionnel', 'reel', 'achat'] as const;
export type Measure = (typeof MEASURES)[number];

/** French labels of the measures, as used in accessible names (PRODUCT §7). */
export const MEASURE_LABELS: Record<Measure, string> = {
  previsionnel: 'Prévisionnel',
  achat_previsionnel: 'Achat prévisionnel',
  reel: 'Réel',
  achat: 'Achat réel',
};

/** Current backup format version, written as an extra top-level field. */
export const BACKUP_VERSION = 1;
