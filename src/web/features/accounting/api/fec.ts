/**
 * The FEC's bytes sent as they are (docs/product.md#actuals-from-the-accounting): POST
 * /api/accounting/fec/preview?year= (changes nothing) and …/apply?year= (one history entry). The
 * server reads the file; its refusals (400 `invalid_file` naming the line and the field, 413) come
 * back as ApiErrors with its French message.
 */
import type { FecApplyAnswer, FecPreviewAnswer } from '@/domain/answers';
import { apiUpload, withYear } from '@/web/lib/api-client';

/** `onProgress`: the share of the file sent, 0 to 1. */
export const previewFec = (bytes: Uint8Array<ArrayBuffer>, year: number, onProgress?: (sent: number) => void) =>
  apiUpload<FecPreviewAnswer>(withYear('/api/accounting/fec/preview', year), bytes, onProgress);

export const applyFec = (bytes: Uint8Array<ArrayBuffer>, year: number, onProgress?: (sent: number) => void) =>
  apiUpload<FecApplyAnswer>(withYear('/api/accounting/fec/apply', year), bytes, onProgress);
