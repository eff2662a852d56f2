/**
 * The FEC last read, kept in memory for the page's life (docs/product.md#actuals-from-the-accounting):
 * the preview is read again from it after a rule changes, the apply sends it, and it survives a
 * switch to another tab and back. One file at a time; choosing another replaces it.
 */
import { useSyncExternalStore } from 'react';

export interface KeptFile {
  /** Changes with each file read: the previews' key. */
  id: number;
  name: string;
  size: number;
  bytes: Uint8Array<ArrayBuffer>;
}

let kept: KeptFile | null = null;
let nextId = 1;
const listeners = new Set<() => void>();

export function keepFile(file: { name: string; bytes: Uint8Array<ArrayBuffer> }): KeptFile {
  kept = { id: nextId++, name: file.name, size: file.bytes.byteLength, bytes: file.bytes };
  listeners.forEach((listener) => listener());
  return kept;
}

/** Forgets the kept file (tests start from none). */
export function forgetFile(): void {
  kept = null;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useKeptFile(): KeptFile | null {
  return useSyncExternalStore(
    subscribe,
    () => kept,
    () => null,
  );
}
