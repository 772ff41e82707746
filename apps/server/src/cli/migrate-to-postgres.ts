import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { derivedRedisPrefix } from '../bus/namespace.js';
import { mediaFileNames } from '../db/move/catalog.js';
import type { MoveResult } from '../db/move/move.js';
import { pgRunner } from '../db/move/runner.js';
import { createLocalBlobStore, isBlobKey } from '../media/blob-store.js';

/** The URL without its password, for output. */
export function shownUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(the target)';
  }
}

/** The per-table summary: rows on each side, every count compared. */
export function summaryTable(result: MoveResult): string[] {
  const width = Math.max(5, ...result.tables.map((t) => t.name.length));
  const line = (name: string, a: string, b: string, mark = '') =>
    `  ${name.padEnd(width)}  ${a.padStart(10)}  ${b.padStart(10)}${mark}`;
  const total = (k: 'source' | 'target') => result.tables.reduce((n, t) => n + t[k], 0);
  return [
    line('table', 'embedded', 'PostgreSQL'),
    ...result.tables.map((t) =>
      line(t.name, String(t.source), String(t.target), t.source === t.target ? '' : '  ≠'),
    ),
    line('total', String(total('source')), String(total('target'))),
  ];
}

/** Whether the files the media rows name are in the media folder (they stay there; nothing copies them). */
export async function mediaCheck(targetUrl: string, mediaDir: string) {
  const client = new pg.Client({ connectionString: targetUrl });
  await client.connect();
  try {
    const { rows, names } = await mediaFileNames(pgRunner(client));
    const blobs = createLocalBlobStore(mediaDir);
    let missing = 0;
    for (const name of names) {
      // Blobs are fanned out by their hash; files from before the media pipeline lie directly in the folder.
      const file = isBlobKey(name) ? blobs.pathOf(name) : path.join(mediaDir, name);
      if (!(await fs.stat(file).catch(() => null))?.isFile()) missing++;
    }
    return { rows, files: names.length, missing };
  } finally {
    await client.end();
  }
}

/** What to do next, and what stays where: the lines after the summary. */
export function nextSteps(
  result: MoveResult,
  opts: { dataDir: string; targetUrl: string; media: { rows: number; files: number; missing: number } },
): string[] {
  const mediaDir = path.join(opts.dataDir, 'media');
  const { media } = opts;
  const lines = [
    `Sequences: ${result.sequences.length} restarted past the highest id in use.`,
    `Media: ${media.rows} media rows name ${media.files} files, which stay in ${mediaDir}` +
      (media.missing
        ? ` (${media.missing} of them are missing there already).`
        : media.files
          ? ' (all present).'
          : '.'),
    `  Start the new server with DATA_DIR=${opts.dataDir} (it serves media from DATA_DIR/media),`,
    '  or copy that folder to the new DATA_DIR/media first.',
  ];
  const i = result.installation;
  if (i) {
    const before = derivedRedisPrefix({ id: i.id, database: i.sourceDatabase });
    const after = derivedRedisPrefix({ id: i.id, database: i.targetDatabase });
    lines.push(
      before === after
        ? `Redis: the installation keeps its namespace ${before}.`
        : `Redis: the installation id is kept, but the namespace derived from it and the database name changes ` +
            `from ${before} to ${after}; with REDIS_URL set, set REDIS_PREFIX=${before} to keep the old one.`,
    );
  }
  lines.push(
    `Next: start the server with DATABASE_URL=${shownUrl(opts.targetUrl)} and DATA_DIR=${opts.dataDir}.`,
    `  The embedded database in ${path.join(opts.dataDir, 'pglite')} is no longer used; keep it as the backup.`,
  );
  return lines;
}
