import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startRealServer, type RealServer } from '../test/real-server.ts';
import { createDatabase } from './client.ts';
import { DataDirInUseError, lockDataDir } from './data-dir-lock.ts';

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'tavolo-lock-'));
const lockFile = (dir: string) => path.join(dir, 'tavolo.lock');

/** The pid of a process that has exited (and so cannot own anything). */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '0']);
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid!;
}

describe('one process at a time on an embedded database directory', () => {
  const servers: RealServer[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => s.stop('SIGKILL')));
  });

  it('a second lock is refused while the first is held, and granted once it is released', () => {
    const dir = tempDir();
    const release = lockDataDir(dir);
    expect(fs.readFileSync(lockFile(dir), 'utf8')).toBe(String(process.pid));
    expect(() => lockDataDir(dir)).toThrow(DataDirInUseError);
    release();
    expect(fs.existsSync(lockFile(dir))).toBe(false);
    lockDataDir(dir)();
  });

  it('a lock left by a process that no longer runs (a killed server) is taken over; a running owner keeps it', async () => {
    const dir = tempDir();
    fs.writeFileSync(lockFile(dir), String(await deadPid()));
    const release = lockDataDir(dir);
    expect(fs.readFileSync(lockFile(dir), 'utf8')).toBe(String(process.pid));
    release();

    const alive = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)']);
    try {
      fs.writeFileSync(lockFile(dir), String(alive.pid));
      expect(() => lockDataDir(dir)).toThrow(`in use by another Tavolo server (process ${alive.pid})`);
    } finally {
      alive.kill('SIGKILL');
    }
  });

  it('a second database on the same directory is refused before it opens anything; the first keeps working', async () => {
    const dir = tempDir();
    const first = createDatabase({ dataDir: dir });
    await first.migrate();
    expect(() => createDatabase({ dataDir: dir })).toThrow(DataDirInUseError);
    expect(((await first.db.execute('select 1 as one')) as unknown as { rows: { one: number }[] }).rows[0]!.one).toBe(1);
    await first.close();
    const again = createDatabase({ dataDir: dir });
    await again.close();
  });

  it('a second `npm start` on the same data stops with a clear message; after a SIGKILL the next start opens the database', async () => {
    const DATA_DIR = tempDir();
    const env = { DATABASE_URL: '', DATA_DIR, SEED_DEMO: 'false' };
    const first = await startRealServer({ env });
    servers.push(first);
    const health = async (server: RealServer) => (await fetch(`${server.base}/api/health`)).status;

    await expect(startRealServer({ env })).rejects.toThrow(`The database in ${DATA_DIR} is in use by another Tavolo server (process ${first.pid})`);
    expect(await health(first)).toBe(200);

    await first.stop('SIGKILL');
    const next = await startRealServer({ env });
    servers.push(next);
    expect(await health(next)).toBe(200);
  }, 240_000);
});
