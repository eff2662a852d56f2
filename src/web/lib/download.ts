import type { ExportFile } from '@/domain/files/export-file';

/**
 * Saves a file built in the browser (docs/product.md#files: exports are local outputs). The text is written as
 * UTF-8 as it is, BOM included, so the bytes are the ones the domain builders' tests pin.
 */
export function downloadFile(file: ExportFile): void {
  const url = URL.createObjectURL(new Blob([file.text], { type: file.mimeType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = file.fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers read the blob only after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
