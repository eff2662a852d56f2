/**
 * Backups by themselves (docs/product.md#automatic-backups), on the engine of the project: the
 * daily rotation through simulated days, a backup that restores to identical data, and a corrupt
 * file refused with nothing changed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientWire, PoleWire } from '@/domain/schemas';
import { createTestApp } from '@/server/test/test-db';
import { createLogger } from '../lib/log';
import { RefusedError, restoreFile } from './restore';
import { KEEP_BACKUPS, listBackups, startDailyBackups, writeBackup } from './snapshots';

let t: Awaited<ReturnType<typeof createTestApp>>;
const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bm-backups-'));
  dirs.push(dir);
  return dir;
};
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.db.close();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

const lines: string[] = [];
const log = createLogger('info', { out: (l) => lines.push(l), err: (l) => lines.push(l) });

/** Every year of the data, as GET /api/backup gives it, without its date. */
async function everything() {
  const res = await t.request<{ exportDate: string }>('GET', '/api/backup');
  expect(res.status).toBe(200);
  return { ...res.json, exportDate: '' };
}

async function seed() {
  const client = (await t.request<ClientWire>('POST', '/api/clients?year=2026', { name: 'Zèbre & Cie' })).json;
  await t.request('PATCH', `/api/clients/${client.id}?year=2026`, { prevision_mb_annuelle_debut: 1234.56 });
  for (const year of [2026, 2027]) {
    const pole = (
      await t.request<PoleWire>('POST', `/api/clients/${client.id}/poles?year=${year}`, {
        name: 'Paid',
        lines: ['Google Ads', 'Meta'],
      })
    ).json;
    const cells = pole.lines.flatMap((line, l) =>
      Array.from({ length: 12 }, (_, month) => ({
        lineId: line.id,
        month,
        field: 'reel',
        value: year + l * 100 + month + 0.01,
      })),
    );
    expect((await t.request('PATCH', `/api/cells?year=${year}`, cells)).status).toBe(200);
    await t.request('PUT', `/api/poles/${pole.id}/facture/3?year=${year}`, { value: true });
  }
  await t.request('POST', '/api/clients?year=2026', { name: 'Alpha' });
  return client;
}

describe('the daily backup', () => {
  it(`keeps the ${KEEP_BACKUPS} newest through 15 simulated days, one a day however often it checks`, async () => {
    const dir = tempDir();
    let today = new Date(2026, 0, 1, 9, 30, 0);
    const daily = startDailyBackups({ db: t.db, dir, log, now: () => today, everyMs: 3_600_000 });
    await daily.tick(); // the start's own check is queued before this one: one file for day 1
    expect(listBackups(dir)).toEqual(['budget-marges-2026-01-01-093000-quotidienne.json']);
    for (let day = 2; day <= 15; day += 1) {
      today = new Date(2026, 0, day, 9, 30, 0);
      await daily.tick();
      today = new Date(2026, 0, day, 23, 59, 59); // a later check the same day writes nothing
      await daily.tick();
    }
    await daily.stop();
    const files = listBackups(dir);
    expect(files).toHaveLength(KEEP_BACKUPS);
    expect(files[0]).toBe('budget-marges-2026-01-02-093000-quotidienne.json');
    expect(files.at(-1)).toBe('budget-marges-2026-01-15-093000-quotidienne.json');
    expect(fs.readdirSync(dir).filter((name) => !files.includes(name))).toEqual([]);
  });

  it('writes to a temporary file then renames it, and clears a temporary file a crash left', async () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'budget-marges-2026-01-01-093000-quotidienne.json.999.tmp'), '{"clients": [');
    fs.writeFileSync(path.join(dir, 'notes.txt'), 'pas à nous');
    const file = await writeBackup(t.db, dir, new Date(2026, 0, 2, 10, 0, 0), 'manuelle');
    expect(fs.readdirSync(dir).sort()).toEqual([path.basename(file), 'notes.txt']);
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toMatchObject({ version: 2 });
    // Two in the same second keep both.
    const again = await writeBackup(t.db, dir, new Date(2026, 0, 2, 10, 0, 0), 'manuelle');
    expect(path.basename(again)).toBe('budget-marges-2026-01-02-100000-manuelle-2.json');
    expect(listBackups(dir)).toHaveLength(2);
  });
});

describe('restoring a backup file', () => {
  it('gives back identical data, after a backup of what it replaces', async () => {
    const client = await seed();
    const original = await everything();
    const dir = tempDir();
    const file = await writeBackup(t.db, dir, new Date(2026, 5, 1, 8, 0, 0), 'manuelle');

    await t.request('DELETE', `/api/clients/${client.id}`);
    await t.request('POST', '/api/clients?year=2026', { name: 'Après la sauvegarde' });
    const changed = await everything();
    expect(changed).not.toEqual(original);

    const { clients, before } = await restoreFile(t.db, file, dir, new Date(2026, 5, 1, 9, 0, 0));
    expect(clients).toBe(2);
    expect(await everything()).toEqual(original);
    expect(path.basename(before!)).toBe('budget-marges-2026-06-01-090000-avant-restauration.json');
    expect({ ...JSON.parse(fs.readFileSync(before!, 'utf8')), exportDate: '' }).toEqual(changed);
  });

  it.each([
    [
      'cut in the middle',
      (text: string) => text.slice(0, text.length / 2),
      "Sauvegarde refusée : Le fichier n'est pas valide. Aucune",
    ],
    [
      'with 11 monthly values',
      (text: string) => text.replace(/"reel": \[\s*([-\d.]+),/, '"reel": ['),
      "Sauvegarde refusée : Le fichier n'est pas valide. exercice 2026, client « Zèbre & Cie », pôle « Paid », ligne « Google Ads », reel : Il faut exactement 12 valeurs mensuelles.",
    ],
    ['missing', () => undefined, 'Fichier introuvable ou illisible'],
  ])('refuses a file %s with a French message, and changes nothing', async (_case, corrupt, message) => {
    const dir = tempDir();
    const good = await writeBackup(t.db, dir, new Date(2026, 5, 2, 8, 0, 0), 'manuelle');
    const before = await everything();
    const text = corrupt(fs.readFileSync(good, 'utf8'));
    const file = path.join(tempDir(), 'sauvegarde.json');
    if (text !== undefined) fs.writeFileSync(file, text);
    await t.request('POST', '/api/clients?year=2026', { name: `Ajouté avant la tentative (${_case})` });
    const current = await everything();

    const attempt = restoreFile(t.db, file, dir, new Date(2026, 5, 2, 9, 0, 0));
    await expect(attempt).rejects.toThrow(RefusedError);
    await expect(attempt).rejects.toThrow(message);
    expect(await everything()).toEqual(current);
    expect(current).not.toEqual(before);
    // Refused before anything was written: no backup of the data it would have replaced.
    expect(listBackups(dir)).toEqual([path.basename(good)]);
  });
});
