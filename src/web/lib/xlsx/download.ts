/**
 * Saves a workbook the domain described as `.xlsx` (docs/product.md#excel-export). The writer
 * (write-excel-file, ~20 kB gzip) loads on the first Excel export, not with the first page.
 */
import type { Workbook } from '@/domain/files/workbook';
import { downloadBlob } from '../download';

export async function downloadWorkbook(workbook: Workbook): Promise<void> {
  const { workbookBlob, XLSX_MIME } = await import('./write');
  const blob = await workbookBlob(workbook);
  downloadBlob(workbook.fileName, new Blob([blob], { type: XLSX_MIME }));
}
