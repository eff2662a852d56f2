import { execSync } from 'node:child_process';
import { generateDemoBackup } from './bench/demo-data';
import { openConfiguredDb } from './src/server/db/open';
import { createApp } from './src/server/app';
const dir = process.argv[2]!;
const mode = process.argv[3]!;
const { db, release } = await openConfiguredDb({ dataDir: dir, databaseUrl: undefined });
const app = createApp({ db });
const size = () => execSync(`du -sm ${dir}`).toString().split('\t')[0];
const bodies = [1, 2].map((seed) => JSON.stringify(generateDemoBackup({ clients: +(process.argv[4] ?? 300), seed })));
console.log('fresh', size());
for (let i = 0; i < 8; i++) {
  const t0 = Date.now();
  const r = await app.request('/api/backup?year=2026', { method: 'POST', headers: { 'content-type': 'application/json' }, body: bodies[i % 2] });
  if (mode === 'old') {} 
  console.log(i + 1, r.status, Date.now() - t0, 'ms', size(), 'MB');
}
await db.close(); release();
console.log('closed', size());
