/**
 * Reads a chosen import file in the import worker (import.worker.ts) for `target`, the exercice and
 * fiscal year its headers must name (docs/product.md#fiscal-years); rejects with its French refusal.
 */
import { ImportError, type ImportTarget, type ImportedFile } from '@/domain/files/budget-import';

export async function readInWorker(file: File, target: ImportTarget): Promise<ImportedFile> {
  const bytes = await file.arrayBuffer();
  const worker = new Worker(new URL('./import.worker.ts', import.meta.url), { type: 'module' });
  try {
    return await new Promise<ImportedFile>((resolve, reject) => {
      worker.onmessage = (event: MessageEvent<{ ok: true; file: ImportedFile } | { ok: false; message: string }>) =>
        event.data.ok ? resolve(event.data.file) : reject(new ImportError(event.data.message));
      worker.onerror = () => reject(new ImportError("Ce fichier n'a pas pu être lu."));
      worker.postMessage({ name: file.name, bytes, target }, [bytes]);
    });
  } finally {
    worker.terminate();
  }
}
