import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** The embedded database's folder is held by another process: nothing was opened or changed. */
export class DataDirInUse extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DataDirInUse';
  }
}

interface Holder {
  pid: number;
  host: string;
  what: string;
  since: string;
}

const LOCK_FILE = 'in-use.json';

function alive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: it exists, under another user.
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Holds `dir` (the embedded database's folder) for this process: PGlite is one process's database,
 * and a second one writing beside it (a second server, `npm run reset-password` while the server
 * runs) loses its changes or breaks the files. A holder that is gone (its process ended, even by
 * kill -9) is replaced at once; one alive on this machine makes this open fail with what holds it.
 * Returns the release.
 */
export async function holdDataDir(dir: string, what: string): Promise<() => Promise<void>> {
  const file = path.join(dir, LOCK_FILE);
  const me: Holder = { pid: process.pid, host: os.hostname(), what, since: new Date().toISOString() };
  for (let attempt = 0; ; attempt++) {
    try {
      await fs.writeFile(file, JSON.stringify(me), { flag: 'wx' });
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw e;
    }
    let holder: Holder | undefined;
    try {
      holder = JSON.parse(await fs.readFile(file, 'utf8')) as Holder;
    } catch {
      holder = undefined; // half written by a process that died: take it
    }
    // The same process may open its own folder twice (tests do); only another one is refused.
    if (holder && holder.pid !== process.pid) {
      const elsewhere = holder.host !== me.host;
      if (elsewhere || alive(holder.pid)) {
        throw new DataDirInUse(
          `The data folder ${path.resolve(dir, '..')} is in use by ${holder.what} ` +
            `(process ${holder.pid}${elsewhere ? ` on ${holder.host}` : ''}, since ${holder.since}). ` +
            'The embedded database takes one process at a time: stop it first, then try again.' +
            (elsewhere ? ` If it no longer runs there, delete ${file}.` : ''),
        );
      }
    }
    await fs.rm(file, { force: true });
  }
  return async () => {
    try {
      const holder = JSON.parse(await fs.readFile(file, 'utf8')) as Holder;
      if (holder.pid === process.pid) await fs.rm(file, { force: true });
    } catch {
      // already gone
    }
  };
}
