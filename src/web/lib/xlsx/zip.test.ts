// @vitest-environment node
/**
 * The import's unzipping (zip.ts): crafted archives — a directory end whose two counts differ, a
 * ZIP64 locator, entries that inflate past the size the directory declares — are refused with
 * their French message; an honest archive comes out as fflate's own unzipSync gives it.
 */
import { describe, expect, it } from 'vitest';
import { unzipSync, zipSync } from 'fflate';
import { readImportFile } from './read';
import { checkZipDirectory, unzipEntries } from './zip';

const SHEET = 'xl/worksheets/sheet1.xml';

/** Text that deflates poorly (a linear congruential sequence), so its data spans several chunks. */
function noise(length: number): Uint8Array {
  const out = new Uint8Array(length);
  let x = 12345;
  for (let i = 0; i < length; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    out[i] = 97 + ((x >>> 16) % 26);
  }
  return out;
}

const view = (zip: Uint8Array) => new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
const directoryEnd = (zip: Uint8Array) => {
  let i = zip.length - 22;
  while (view(zip).getUint32(i, true) !== 0x06054b50) i--;
  return i;
};
/** The central directory entry of `name`'s offset. */
function directoryEntry(zip: Uint8Array, name: string) {
  let p = view(zip).getUint32(directoryEnd(zip) + 16, true);
  for (;;) {
    const nameLength = view(zip).getUint16(p + 28, true);
    if (new TextDecoder().decode(zip.subarray(p + 46, p + 46 + nameLength)) === name) return p;
    p += 46 + nameLength + view(zip).getUint16(p + 30, true) + view(zip).getUint16(p + 32, true);
  }
}

describe('the import unzipping', () => {
  it('gives an honest archive as fflate does, entries inflated over several chunks', () => {
    const zip = zipSync({ [SHEET]: noise(100_000), 'xl/styles.xml': new Uint8Array(1000), 'a.bin': noise(10) });
    const files = unzipEntries(zip, checkZipDirectory(zip), (name) => name.endsWith('.xml'));
    expect(files).toEqual(unzipSync(zip, { filter: (f) => f.name.endsWith('.xml') }));
    expect(Object.keys(files)).toEqual([SHEET, 'xl/styles.xml']);
  });

  it("refuses a directory end whose entries on this disk (fflate's count) differ from its total", async () => {
    const zip = zipSync({ [SHEET]: noise(100), 'xl/workbook.xml': noise(100) });
    view(zip).setUint16(directoryEnd(zip) + 10, 1, true);
    await expect(readImportFile('x.xlsx', zip)).rejects.toThrow(
      "Ce fichier n'est ni un classeur Excel (.xlsx) ni un CSV exporté par l'outil. (répertoire de l'archive incohérent)",
    );
  });

  it('refuses an archive with a ZIP64 locator, which fflate would follow', async () => {
    const zip = zipSync({ [SHEET]: noise(100) });
    const end = directoryEnd(zip);
    const locator = new Uint8Array(20);
    view(locator).setUint32(0, 0x07064b50, true);
    const withLocator = new Uint8Array([...zip.subarray(0, end), ...locator, ...zip.subarray(end)]);
    await expect(readImportFile('x.xlsx', withLocator)).rejects.toThrow(
      'Classeur refusé : archive ZIP64 (trop grande).',
    );
  });

  it.each([
    ['deflated', 9],
    ['stored', 0],
  ] as const)('refuses a %s entry that inflates past the size its directory declares', async (_label, level) => {
    // 8 MB of zeros deflate to 8 kB; the directory says 1,000 bytes.
    const zip = zipSync({ [SHEET]: new Uint8Array(8 * 1024 * 1024) }, { level });
    view(zip).setUint32(directoryEntry(zip, SHEET) + 24, 1000, true);
    await expect(readImportFile('x.xlsx', zip)).rejects.toThrow(
      `Classeur refusé : « ${SHEET} » se décompresse au-delà de la taille que l'archive annonce (archive piégée ?).`,
    );
  });
});
