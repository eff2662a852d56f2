/** The public API of the pure domain: money, months, catalogue, schemas and the formulas. */
export * from './money';
export * from './months';
export * from './catalogue';
export * from './schemas';
export * from './budget';
export * from './dashboard';
export * from './client-filter';
export * from './files/csv';
export * from './files/file-names';
export * from './files/export-file';
export * from './files/client-csv';
export * from './files/invoicing-csv';
export * from './files/backup-json';
export * from './budget-grid';
