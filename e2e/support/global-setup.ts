import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PGlite data directory with every migration applied and nothing seeded. */
    e2eDataTemplate: string;
  }
}

type OpenDatabase = (opts: { dataDir: string }) => Promise<{ close(): Promise<void> }>;

/**
 * A server's first start on an empty data directory spends ≈ 5 s making its PGlite database
 * (initdb in WASM, then every migration). The run makes one here with the built server's own code,
 * and each suite's server starts on a copy (`startServer`, through support/setup.ts): it still
 * seeds its project and admin as a first start does.
 */
export default async function setup(project: TestProject) {
  const client = pathToFileURL(path.resolve(import.meta.dirname, '../../apps/server/dist/db/client.js')).href;
  const { openDatabase } = (await import(client)) as { openDatabase: OpenDatabase };
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ac-e2e-template-'));
  const database = await openDatabase({ dataDir: dir });
  await database.close();
  project.provide('e2eDataTemplate', path.join(dir, 'pglite'));
  return () => fs.rm(dir, { recursive: true, force: true });
}
