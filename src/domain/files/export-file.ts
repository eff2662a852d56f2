/** A file an export produces: its name, MIME type and exact text (the bytes the tests pin). */
export interface ExportFile {
  fileName: string;
  mimeType: string;
  text: string;
}

/** MIME type of the CSV files; the charset matters to Excel, which the BOM also tells. */
export const CSV_MIME = 'text/csv;charset=utf-8';
/** MIME type of the JSON backup. */
export const JSON_MIME = 'application/json;charset=utf-8';
