import fs from 'node:fs';
import path from 'node:path';

/**
 * One process at a time on an embedded database's directory. PGlite has no lock of its own: a second server
 * started on the same files (a second `npm start` in another terminal, one left running in the background) opened
 * the live database, wrote its own checkpoint and failed only afterwards, on the busy port, leaving a database
 * that never opened again ("could not locate a valid checkpoint record"). The lock file holds the owner's pid;
 * a pid that no longer runs (a killed server) leaves a stale lock, which the next start takes over.
 */
export class DataDirInUseError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(`The database in ${dir} is in use by another Tavolo server (process ${pid}). Stop that server first, or give this one its own DATA_DIR.`);
    this.name = 'DataDirInUseError';
  }
}

const LOCK_FILE = 'tavolo.lock';

function isRunning(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwner(file: string): number {
  try {
    return Number(fs.readFileSync(file, 'utf8').trim());
  } catch {
    return NaN;
  }
}

/** Takes the directory's lock or throws DataDirInUseError; the returned function releases it. */
export function lockDataDir(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = readOwner(file);
      if (owner === process.pid || isRunning(owner)) throw new DataDirInUseError(dir, owner);
      fs.rmSync(file, { force: true });
      continue;
    }
    // Two starts taking over the same stale lock at once: the later write wins, the earlier one finds out here.
    const owner = readOwner(file);
    if (owner !== process.pid) throw new DataDirInUseError(dir, owner);
    return () => {
      if (readOwner(file) === process.pid) fs.rmSync(file, { force: true });
    };
  }
  throw new DataDirInUseError(dir, readOwner(file));
}
