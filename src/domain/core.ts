/**
 * The domain without its validation code: money, months, catalogue, the model constants, the
 * formulas and the file builders, plus the schemas' *types*. The browser's first bundle imports
 * from here, so it does not carry zod (only the backup import flow and the dashboards, loaded on
 * demand, need it). `index.ts` adds the schemas themselves.
 */
export * from './money';
export * from './months';
export * from './catalogue';
export * from './model';
export type * from './schemas';
export * from './budget';
export * from './budget-grid';
export * from './dashboard/sums';
export * from './dashboard/data';
export * from './dashboard/views';
export * from './dashboard/from-budgets';
export * from './client-filter';
export * from './files/csv';
export * from './files/file-names';
export * from './files/export-file';
export * from './files/client-csv';
export * from './files/invoicing-csv';
export * from './files/backup-json';
