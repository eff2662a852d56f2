/** Choosing a FEC: read in the browser (with its progress for a large file), then kept for the preview and the apply. */
import { useState } from 'react';
import { keepFile, useKeptFile } from '../lib/kept-file';
import { LARGE_FILE, readBytes } from '../lib/read-bytes';

export function useFecFile() {
  const file = useKeptFile();
  /** While a file is read: the share read (0 to 1), or null for a small file. */
  const [reading, setReading] = useState<{ name: string; share: number | null } | null>(null);
  const [readError, setReadError] = useState<string | null>(null);

  async function load(chosen: File) {
    const isLarge = chosen.size > LARGE_FILE;
    setReading({ name: chosen.name, share: isLarge ? 0 : null });
    setReadError(null);
    try {
      const bytes = await readBytes(chosen, isLarge ? (share) => setReading({ name: chosen.name, share }) : undefined);
      keepFile({ name: chosen.name, bytes });
    } catch {
      setReadError(`Le fichier « ${chosen.name} » n'a pas pu être lu.`);
    } finally {
      setReading(null);
    }
  }

  return { file, reading, readError, load };
}
