/**
 * The import's unzipping (docs/product.md#excel-import, ADR 037): the zip's central directory read
 * and checked against IMPORT_LIMITS before anything is inflated, then the entries wanted inflated
 * from that same directory, each stopped as soon as it passes the size the directory declares.
 *
 * Not fflate's unzipSync: it counts entries by another field of the directory's end (entries on
 * this disk, where a check could read the total), follows a ZIP64 locator whenever one is there,
 * and inflates an entry that lies about its size to the end of its data — into a buffer of the
 * declared size, so memory stays bounded, but a 40 MB deflate stream can stand for 40 GB: minutes
 * of work in the worker. fflate's streaming Inflate, fed in small chunks, lets us stop it.
 */
import { Inflate, strFromU8, type Unzipped } from 'fflate';
import { IMPORT_LIMITS, ImportError } from '@/domain/files/budget-import';

export const NOT_A_WORKBOOK = "Ce fichier n'est ni un classeur Excel (.xlsx) ni un CSV exporté par l'outil.";

const MB = 1024 * 1024;
export const megabytes = (bytes: number) => `${(bytes / MB).toLocaleString('fr-FR', { maximumFractionDigits: 1 })} Mo`;

export const u16 = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8);
export const u32 = (b: Uint8Array, i: number) =>
  (b[i]! | (b[i + 1]! << 8) | (b[i + 2]! << 16) | (b[i + 3]! << 24)) >>> 0;

/** One entry of the central directory: its name, compression method, sizes (bytes) and local header. */
export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  offset: number;
}

const ZIP64 = 'Classeur refusé : archive ZIP64 (trop grande).';
const damaged = (what: string) => new ImportError(`${NOT_A_WORKBOOK} (${what})`);

/**
 * The zip's central directory, read without inflating anything: refuses an archive in several
 * parts, a directory end whose two counts of entries differ, ZIP64 archives (4 GB and more, never a
 * budget workbook), more entries or more declared inflated bytes than the limits.
 */
export function checkZipDirectory(bytes: Uint8Array): ZipEntry[] {
  let end = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 65_557); i--) {
    if (u32(bytes, i) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) throw damaged('archive .xlsx illisible');
  if (end >= 20 && u32(bytes, end - 20) === 0x07064b50) throw new ImportError(ZIP64);
  if (u16(bytes, end + 4) !== 0 || u16(bytes, end + 6) !== 0) throw damaged('archive en plusieurs parties');
  const entries = u16(bytes, end + 8);
  if (u16(bytes, end + 10) !== entries) throw damaged("répertoire de l'archive incohérent");
  let p = u32(bytes, end + 16);
  if (entries === 0xffff || p === 0xffffffff) throw new ImportError(ZIP64);
  if (entries > IMPORT_LIMITS.zipEntries) {
    throw new ImportError(`Classeur refusé : ${entries} fichiers dans l'archive, au plus ${IMPORT_LIMITS.zipEntries}.`);
  }
  const found: ZipEntry[] = [];
  let total = 0;
  for (let n = 0; n < entries; n++) {
    if (p + 46 > bytes.length || u32(bytes, p) !== 0x02014b50) throw damaged("répertoire de l'archive endommagé");
    const nameLength = u16(bytes, p + 28);
    const entry: ZipEntry = {
      // Bit 11: the name is UTF-8; else code page 437, read as Latin-1 as fflate does.
      name: strFromU8(bytes.subarray(p + 46, p + 46 + nameLength), !(u16(bytes, p + 8) & 2048)),
      method: u16(bytes, p + 10),
      compressedSize: u32(bytes, p + 20),
      size: u32(bytes, p + 24),
      offset: u32(bytes, p + 42),
    };
    if ([entry.compressedSize, entry.size, entry.offset].includes(0xffffffff)) throw new ImportError(ZIP64);
    total += entry.size;
    if (total > IMPORT_LIMITS.unzippedBytes) {
      throw new ImportError(
        `Classeur refusé : une fois décompressé, il ferait plus de ${megabytes(IMPORT_LIMITS.unzippedBytes)} (archive piégée ?).`,
      );
    }
    found.push(entry);
    p += 46 + nameLength + u16(bytes, p + 30) + u16(bytes, p + 32);
  }
  return found;
}

/** Compressed bytes fed to the inflater at a time: one push inflates to at most about 16 MB. */
const CHUNK = 16 * 1024;

const pastDeclaredSize = (name: string) =>
  new ImportError(
    `Classeur refusé : « ${name} » se décompresse au-delà de la taille que l'archive annonce (archive piégée ?).`,
  );

/** An entry's data, inflated and refused as soon as it passes the size the directory declares. */
function inflateEntry(bytes: Uint8Array, entry: ZipEntry): Uint8Array<ArrayBuffer> {
  if (entry.offset + 30 > bytes.length || u32(bytes, entry.offset) !== 0x04034b50) {
    throw damaged('archive .xlsx endommagée');
  }
  const start = entry.offset + 30 + u16(bytes, entry.offset + 26) + u16(bytes, entry.offset + 28);
  if (start + entry.compressedSize > bytes.length) throw damaged('archive .xlsx endommagée');
  const data = bytes.subarray(start, start + entry.compressedSize);
  if (entry.method === 0) {
    if (data.length > entry.size) throw pastDeclaredSize(entry.name);
    return data.slice();
  }
  if (entry.method !== 8) throw damaged(`compression inconnue (${entry.method})`);
  const out = new Uint8Array(entry.size);
  let length = 0;
  const inflater = new Inflate((chunk) => {
    if (length + chunk.length > out.length) throw pastDeclaredSize(entry.name);
    out.set(chunk, length);
    length += chunk.length;
  });
  let at = 0;
  do {
    inflater.push(data.subarray(at, at + CHUNK), at + CHUNK >= data.length);
    at += CHUNK;
  } while (at < data.length);
  return length === out.length ? out : out.slice(0, length);
}

/** The entries `isWanted` picks, inflated from the directory checkZipDirectory returned. */
export function unzipEntries(bytes: Uint8Array, entries: ZipEntry[], isWanted: (name: string) => boolean): Unzipped {
  const files: Unzipped = {};
  for (const entry of entries) {
    if (!isWanted(entry.name)) continue;
    try {
      files[entry.name] = inflateEntry(bytes, entry);
    } catch (error) {
      if (error instanceof ImportError) throw error;
      throw damaged('archive .xlsx endommagée');
    }
  }
  return files;
}
