/**
 * The backup file's format versions (docs/product.md#file-json-backup, ADR 021). A leaf module: the
 * schema that reads a backup and the builder that writes one both need the number, and the builder
 * imports the codec, which imports the schemas' types — kept here, the number closes no cycle.
 */

/** Newest backup format version this tool reads and writes (every year). */
export const BACKUP_VERSION = 2;
/** The version written in a one-year backup of SPEC's shape (the first release's format). */
export const ONE_YEAR_BACKUP_VERSION = 1;
