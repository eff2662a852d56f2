/** Dates and client names in file names and file headers (docs/product.md#files-common). */

const pad = (n: number) => String(n).padStart(2, '0');

/** Local date as `YYYY-MM-DD`, for file names. */
export function fileDate(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Local date as `DD/MM/YYYY`, for the « Date d'export » lines. */
export function frenchDate(date: Date): string {
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;
}

/** A client name for a file name: characters outside `[A-Za-z0-9À-ÿ _-]` removed, spaces to `-`. */
export function fileNamePart(name: string): string {
  return name.replace(/[^A-Za-z0-9À-ÿ _-]/g, '').replace(/ /g, '-');
}
