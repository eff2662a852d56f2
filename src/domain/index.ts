/** The public API of the pure domain: core.ts (formulas, money, files) plus the zod schemas. */
export * from './core';
export * from './schemas';
export * from './files/backup-parse';
