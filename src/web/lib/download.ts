import type { ExportFile } from '@/domain/files/export-file';

/**
 * Saves a file built in the browser (docs/product.md#files: exports are local outputs). The text is written as
 * UTF-8 as it is, BOM included, so the bytes are the ones the domain builders' tests pin.
 */
export function downloadFile(file: ExportFile): void {
  downloadBlob(file.fileName, new Blob([file.text], { type: file.mimeType }));
}

/** Saves bytes built in the browser (an `.xlsx`) under this name. */
export function downloadBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers read the blob only after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
