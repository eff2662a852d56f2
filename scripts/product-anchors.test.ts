import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// Code comments cite the product rules by anchor (`docs/product.md#budget-years`), and the code's
// conventions too (`docs/style.md#environment`): every cited anchor must exist, or the citation
// leads nowhere (docs/decisions/019).
const root = join(import.meta.dirname, '..');
const anchorsOf = (doc: string) =>
  new Set([...readFileSync(join(root, 'docs', doc), 'utf8').matchAll(/<a id="([^"]+)"><\/a>/g)].map((m) => m[1]));
const anchors = anchorsOf('product.md');
const styleAnchors = anchorsOf('style.md');

function* sources(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules') continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sources(path);
    else if (/\.(ts|tsx|mjs)$/.test(name)) yield path;
  }
}

describe('docs/product.md anchors', () => {
  it('exist for every citation in src, e2e, bench and scripts', () => {
    const missing: string[] = [];
    for (const dir of ['src', 'e2e', 'bench', 'scripts']) {
      for (const file of sources(join(root, dir))) {
        for (const m of readFileSync(file, 'utf8').matchAll(/docs\/product\.md#([a-z0-9-]+)/g)) {
          if (!anchors.has(m[1]!)) missing.push(`${relative(root, file)}: #${m[1]}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('exist in docs/style.md for every citation of it in src, e2e, bench, scripts and the configs', () => {
    const files = [
      ...['src', 'e2e', 'bench', 'scripts'].flatMap((dir) => [...sources(join(root, dir))]),
      ...['eslint.config.js', 'playwright.config.ts'].map((f) => join(root, f)),
    ];
    const cited: string[] = [];
    const missing: string[] = [];
    for (const file of files) {
      for (const m of readFileSync(file, 'utf8').matchAll(/docs\/style\.md#([a-z0-9-]+)/g)) {
        cited.push(m[1]!);
        if (!styleAnchors.has(m[1]!)) missing.push(`${relative(root, file)}: #${m[1]}`);
      }
    }
    expect(missing).toEqual([]);
    expect(cited.length).toBeGreaterThan(0);
  });

  it('finds the anchors it checks against', () => {
    expect(anchors.has('budget-years')).toBe(true);
    expect(anchors.size).toBeGreaterThan(60);
  });
});
