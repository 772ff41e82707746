import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Db } from '../db/client.js';
import { createInstancesRepo } from './instances-repo.js';

/** Another live instance keeps its media on another disk: this one would 404 what it stores. */
export class MediaNotShared extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MediaNotShared';
  }
}

/** How long an instance counts as alive after its last heartbeat (a killed one is forgotten then). */
export const MEDIA_LEASE_MS = 60_000;
const MARKERS = '.instances';

/**
 * Refuses to start an instance whose local media folder is not the one the other live instances
 * use (issue 38: two instances on one PostgreSQL, each its own disk, 404 each other's media).
 * Each start writes a marker file with a random name into `<mediaDir>/.instances/`, then records
 * that name in the database; a live instance whose marker is not in *our* folder is on another
 * disk. Two instances on one shared folder (NFS) see each other's markers and both start; a
 * restarted instance gets a new name and still finds its previous one's marker; an instance that
 * stopped beating (kill -9) no longer counts after MEDIA_LEASE_MS. A copy of the folder taken
 * earlier (a restore on a second machine) lacks markers written since, so it is caught too.
 * Returns the release (row and marker removed), which also stops the heartbeat.
 */
export async function holdMediaDisk(
  db: Db,
  mediaDir: string,
  {
    leaseMs = MEDIA_LEASE_MS,
    log,
  }: { leaseMs?: number; log?: { warn(obj: object, msg?: string): void } } = {},
): Promise<() => Promise<void>> {
  const repo = createInstancesRepo(db);
  const id = randomBytes(16).toString('hex');
  const dir = path.join(mediaDir, MARKERS);
  const marker = path.join(dir, id);
  await fs.mkdir(dir, { recursive: true });
  // The marker first: an instance that sees our row must find our marker if it shares the folder.
  await fs.writeFile(marker, JSON.stringify({ host: os.hostname(), pid: process.pid }));
  await repo.removeExpired(leaseMs);
  await repo.add({ id, host: os.hostname(), pid: process.pid, mediaDir });
  const release = async () => {
    clearInterval(timer);
    await repo.remove(id).catch(() => undefined);
    await fs.rm(marker, { force: true });
  };
  const timer = setInterval(() => {
    repo.beat(id).then(
      // Deleted as expired (this process was stalled past the lease): count again from now.
      async (alive) => {
        if (!alive) await repo.add({ id, host: os.hostname(), pid: process.pid, mediaDir });
      },
      (err: unknown) => log?.warn({ err }, 'media instance heartbeat failed; it is retried'),
    );
  }, leaseMs / 3);
  timer.unref();

  const others = await repo.othersAlive(id, leaseMs);
  const present = new Set(await fs.readdir(dir));
  const elsewhere = others.filter((o) => !present.has(o.id));
  if (elsewhere.length > 0) {
    await release();
    const o = elsewhere[0]!;
    throw new MediaNotShared(
      `Another instance on this database keeps its media on another disk (process ${o.pid} on ${o.host}, ` +
        `media in ${o.mediaDir}): each would answer 404 for what the other stores. Share the media: set ` +
        'S3_BUCKET (and S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY for a server other than AWS) on ' +
        'every instance, or point every DATA_DIR at one shared folder (NFS). An instance that stopped ' +
        `without closing is forgotten ${Math.round(leaseMs / 1000)} s after its last heartbeat.`,
    );
  }
  // Markers of instances gone for good (no live row): tidied, so the folder does not fill up.
  const live = new Set([id, ...others.map((o) => o.id)]);
  for (const name of present) {
    if (live.has(name)) continue;
    const stat = await fs.stat(path.join(dir, name)).catch(() => null);
    if (stat && Date.now() - stat.mtimeMs > leaseMs) await fs.rm(path.join(dir, name), { force: true });
  }
  return release;
}
