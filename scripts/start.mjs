#!/usr/bin/env node
// `npm start` (docs/product.md#start): builds the web app and the server only when their sources
// changed since their last build, then runs the compiled server (dist-server/main.js) in this very
// process, so SIGTERM and SIGINT reach it directly. What a build read is fingerprinted (paths and
// contents of its source folders and configuration) into a stamp file inside its output folder.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
const shared = ['src/domain', 'package.json', 'package-lock.json', 'tsconfig.json'];

const builds = [
  {
    what: "de l'application web",
    output: 'dist/web',
    entry: 'index.html',
    inputs: ['src/web', 'vite.config.ts', ...shared],
    args: ['build', '--logLevel', 'warn'],
  },
  {
    what: 'du serveur',
    output: 'dist-server',
    entry: 'main.js',
    inputs: ['src/server', 'scripts/vite.server.config.ts', ...shared],
    args: ['build', '--config', 'scripts/vite.server.config.ts'],
  },
];

/** Every file under `rel` (tests excepted: they are not built), sorted, as paths from the root. */
function files(rel) {
  const full = path.join(root, rel);
  if (!fs.existsSync(full)) return [];
  if (!fs.statSync(full).isDirectory()) return [rel];
  return fs
    .readdirSync(full)
    .sort()
    .flatMap((name) => (/\.test\.tsx?$/.test(name) ? [] : files(path.join(rel, name))));
}

function fingerprint(inputs) {
  const hash = createHash('sha256');
  for (const file of inputs.flatMap(files)) hash.update(`${file}\0`).update(fs.readFileSync(path.join(root, file)));
  return hash.digest('hex');
}

for (const build of builds) {
  const stamp = path.join(root, build.output, '.sources-sha256');
  const sources = fingerprint(build.inputs);
  const built = fs.existsSync(path.join(root, build.output, build.entry)) && fs.existsSync(stamp);
  if (built && fs.readFileSync(stamp, 'utf8') === sources) continue;
  console.log(`Construction ${build.what}…`);
  const run = spawnSync(process.execPath, [vite, ...build.args], { cwd: root, stdio: 'inherit' });
  if (run.status !== 0) {
    console.error(`Échec de la construction ${build.what}.`);
    process.exit(1);
  }
  fs.writeFileSync(stamp, sources);
}

// `--build-only`: what changed is built, nothing runs (the browser benchmarks, bench/typing-latency.bench.ts).
if (process.argv.includes('--build-only')) process.exit(0);
await import(pathToFileURL(path.join(root, 'dist-server', 'main.js')).href);
