/**
 * Writes a workbook described by the domain (src/domain/files/workbook.ts) as `.xlsx` bytes with
 * write-excel-file (docs/product.md#excel-export, ADR 037). Three things the library does not do
 * are added as its "features" (XML transforms): hidden sheets, each formula's cached value (so a
 * reader that does not recalculate still shows the totals), and a full recalculation on load
 * (so Excel and LibreOffice keep the totals live from the first opening).
 */
import writeExcelFile, { type Cell, type Feature, type Sheet } from 'write-excel-file/universal';
import { centsToDecimal, centsToEuros } from '@/domain/money';
import { EURO_FORMAT, cellAddress, type Workbook, type WorkbookCell } from '@/domain/files/workbook';

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function libraryCell(cell: WorkbookCell): Cell {
  if (cell === null) return null;
  const style = 'bold' in cell && cell.bold ? { fontWeight: 'bold' as const } : {};
  switch (cell.kind) {
    case 'text':
      return { value: cell.value, type: String, ...style, ...(cell.indent ? { indent: cell.indent } : {}) };
    case 'amount':
      return { value: centsToEuros(cell.cents), type: Number, format: EURO_FORMAT, ...style };
    case 'formula':
      // OOXML's <f> holds the formula without its '=' (the library writes the value as given).
      return { value: cell.formula, type: 'Formula', format: EURO_FORMAT, ...style };
    case 'number':
      return { value: cell.value, type: Number, ...(cell.format ? { format: cell.format } : {}), ...style };
  }
}

/** Each sheet's formula cells → their cached value (numeric text), by address. */
function cachedValues(workbook: Workbook): Map<string, string>[] {
  return workbook.sheets.map((sheet) => {
    const values = new Map<string, string>();
    sheet.rows.forEach((row, r) =>
      row.forEach((cell, c) => {
        if (cell?.kind === 'formula') values.set(cellAddress(c, r + 1), centsToDecimal(cell.cents));
      }),
    );
    return values;
  });
}

const FORMULA_CELL = /<c r="([A-Z]+\d+)"([^>]*)><f>([^<]*)<\/f><\/c>/g;

function features(workbook: Workbook): Feature<Blob>[] {
  const values = cachedValues(workbook);
  const hidden = new Set(workbook.sheets.filter((s) => s.hidden).map((s) => s.name));
  return [
    {
      files: {
        transform: {
          'xl/worksheets/sheet{id}.xml': {
            transform: (xml, _options, { sheetIndex }) => {
              const sheet = values[sheetIndex];
              if (!sheet || sheet.size === 0) return xml;
              return xml.replace(FORMULA_CELL, (whole, address: string, attributes: string, f: string) => {
                const value = sheet.get(address);
                return value === undefined ? whole : `<c r="${address}"${attributes}><f>${f}</f><v>${value}</v></c>`;
              });
            },
          },
          'xl/workbook.xml': {
            transformElementAttributes: (tagName, attributes) => {
              if (tagName === 'sheet' && hidden.has(String(attributes.name))) return { ...attributes, state: 'hidden' };
              if (tagName === 'calcPr') return { ...attributes, fullCalcOnLoad: 1 };
              return attributes;
            },
          },
        },
      },
    },
  ];
}

/** The `.xlsx` of a workbook, as a Blob (browser and Node alike). */
export function workbookBlob(workbook: Workbook): Promise<Blob> {
  const sheets: Sheet<Blob>[] = workbook.sheets.map((sheet) => ({
    data: sheet.rows.map((row) => row.map(libraryCell)),
    sheet: sheet.name,
    ...(sheet.widths && { columns: sheet.widths.map((width) => ({ width })) }),
    ...(sheet.frozenRows && { stickyRowsCount: sheet.frozenRows }),
    ...(sheet.frozenColumns && { stickyColumnsCount: sheet.frozenColumns }),
  }));
  return writeExcelFile(sheets, { features: features(workbook), fontFamily: 'Calibri', fontSize: 11 }).toBlob();
}
