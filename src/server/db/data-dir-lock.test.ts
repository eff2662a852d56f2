import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bm-lock-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

describe('data directory lock', () => {
  it('refuses a second lock while the first is held, and allows one after release', () => {
    const dir = tempDir();
    const release = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    release();
    const again = lockDataDir(dir);
    again();
  });

  it('refuses a lock held by another live process, with a French message', async () => {
    const dir = tempDir();
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      fs.writeFileSync(path.join(dir, 'budget-marges.lock'), String(child.pid));
      expect(() => lockDataDir(dir)).toThrow(/déjà utilisé par un autre serveur/);
    } finally {
      child.kill();
    }
  });

  it('takes over a stale lock left by a dead process', async () => {
    const dir = tempDir();
    const child = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => child.on('exit', resolve));
    fs.writeFileSync(path.join(dir, 'budget-marges.lock'), String(child.pid));
    const release = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, 'budget-marges.lock'), 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, 'budget-marges.lock'))).toBe(false);
  });
});
