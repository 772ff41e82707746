import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../db/client.js';

/**
 * A PGlite data directory with every migration of this checkout applied and nothing seeded, made
 * once per test run (the server and e2e projects' global setups): a new database costs ≈ 5 s
 * (initdb in WASM, then the migrations), a copy of this one opens in under 2 s. `pglite` is the
 * directory to copy into a data directory's `pglite/`.
 */
export async function migratedPglite(): Promise<{ pglite: string; remove(): Promise<void> }> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ac-test-template-'));
  const database = await openDatabase({ dataDir: dir });
  await database.close();
  return { pglite: path.join(dir, 'pglite'), remove: () => fs.rm(dir, { recursive: true, force: true }) };
}
