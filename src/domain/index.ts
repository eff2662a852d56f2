/**
 * The domain's barrel, zod-free: money, months, catalogue, measures, the cents model and its
 * wire codec, the formulas and the file builders, plus the wire schemas' *types*. The browser's
 * first bundle imports from here, so it does not carry zod (ADR 013). The zod schemas and the
 * backup-file reader that uses them are imported from their own modules (`./schemas`,
 * `./files/backup-parse`), by the server and by the code the web loads on demand.
 */
export * from './money';
export * from './months';
export * from './catalogue';
export * from './measures';
export type * from './model';
export type * from './schemas';
export type * from './answers';
export * from './codec';
export * from './api-error';
export * from './budget';
export * from './budget-grid';
export * from './grid-view';
export * from './drivers';
export * from './cell-entry';
export * from './dashboard/sums';
export * from './dashboard/data';
export * from './dashboard/views';
export * from './client-filter';
export * from './files/csv';
export * from './files/file-names';
export * from './files/export-file';
export * from './files/client-csv';
export * from './files/invoicing-csv';
export * from './files/backup-json';
export * from './client-attributes';
