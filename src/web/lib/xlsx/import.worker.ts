/**
 * The import's reader, off the page's thread (docs/product.md#excel-import): reading a
 * 300-client workbook takes far longer than a frame (bench/xlsx.bench.ts), so the page keeps
 * answering while it runs. Answers the file's lines, or the French refusal.
 */
import { ImportError, type ImportTarget } from '@/domain/files/budget-import';
import { readImportFile } from './read';

self.onmessage = async (event: MessageEvent<{ name: string; bytes: ArrayBuffer; target: ImportTarget }>) => {
  try {
    const file = await readImportFile(event.data.name, new Uint8Array(event.data.bytes), event.data.target);
    self.postMessage({ ok: true, file });
  } catch (error) {
    const message =
      error instanceof ImportError ? error.message : "Ce fichier n'a pas pu être lu (classeur endommagé ?).";
    self.postMessage({ ok: false, message });
  }
};
