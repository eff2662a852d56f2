/**
 * The production bundle: gzip size of the JavaScript the budget tab needs before anything else
 * loads (the entry chunk and every chunk it imports statically), and of each lazy chunk (the
 * dashboards) beyond what the entry already loaded. Builds with the project's vite.config.ts
 * into a temporary folder, with the manifest on, so dist/web is left as it is.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { build } from 'vite';
import type { Bench, Figure } from './lib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** The chunk keys `key` needs before it runs: itself and its static imports, recursively. */
function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticClosure(manifest, imported, seen);
  return seen;
}

/** Gzip size in kB (zlib's default level, as most servers compress) of these chunks' JS files. */
function gzipKb(outDir: string, manifest: Manifest, keys: Iterable<string>): number {
  let bytes = 0;
  for (const key of keys) {
    const file = manifest[key]?.file;
    if (file?.endsWith('.js')) bytes += zlib.gzipSync(fs.readFileSync(path.join(outDir, file))).length;
  }
  return bytes / 1000;
}

export default {
  name: 'bundle',
  scope: 'once',
  async run(ctx) {
    const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bm-bench-build-'));
    try {
      await build({
        configFile: path.join(root, 'vite.config.ts'),
        logLevel: 'warn',
        build: { outDir, emptyOutDir: true, manifest: true },
      });
      const manifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
      const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
      if (!entryKey) throw new Error("Pas de point d'entrée dans le manifeste de Vite.");
      const initial = staticClosure(manifest, entryKey);
      const initialKb = gzipKb(outDir, manifest, initial);
      const figures: Figure[] = [
        {
          figure: `budget tab, JS before anything else loads (${initial.size} chunk(s), gzip)`,
          value: initialKb,
          unit: 'kB',
          target: { text: '< 150 kB', met: initialKb < 150 },
        },
      ];
      for (const key of Object.keys(manifest)
        .filter((k) => manifest[k]!.isDynamicEntry)
        .sort()) {
        const extra = [...staticClosure(manifest, key)].filter((k) => !initial.has(k));
        const name = (manifest[key]!.src ?? key).replace(/^.*features\//, '');
        figures.push({
          figure: `lazy chunk ${name}, beyond the entry (gzip)`,
          value: gzipKb(outDir, manifest, extra),
          unit: 'kB',
        });
      }
      ctx.log(`bundle : ${figures.map((f) => `${f.figure} ${f.value.toFixed(1)} kB`).join(' ; ')}`);
      return figures;
    } finally {
      fs.rmSync(outDir, { recursive: true, force: true });
    }
  },
} satisfies Bench;
