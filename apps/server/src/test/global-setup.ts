import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.js';
import { databaseUrl, onPostgres } from './postgres-admin.js';
import type {} from './provided-context.js';

/**
 * A new PGlite database costs ≈ 5 s (initdb in WASM, then every migration); a copy of one already
 * migrated opens in under 2 s. The suites open ≈ 70 of them, so the run makes one here, from this
 * checkout's migrations, and each suite's store starts as a copy (`freshStore`). PostgreSQL's
 * databases are made from a migrated template the same way (≈ 0.5 s of migrations each). Nothing
 * is seeded: each suite's first start still creates its project and admin, as a server's does.
 */
export default async function setup(project: TestProject) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ac-test-template-'));
  const pglite = await openDatabase({ dataDir: dir });
  await pglite.close();
  project.provide('pgliteTemplate', path.join(dir, 'pglite'));

  const baseUrl = process.env.TEST_DATABASE_URL;
  const name = baseUrl ? `ac_test_template_${randomBytes(6).toString('hex')}` : '';
  if (baseUrl) {
    await onPostgres(baseUrl, `create database ${name}`);
    const postgres = await openDatabase({ databaseUrl: databaseUrl(baseUrl, name) });
    await postgres.close();
  }
  project.provide('postgresTemplate', name);

  return async () => {
    await fs.rm(dir, { recursive: true, force: true });
    if (baseUrl) await onPostgres(baseUrl, `drop database if exists ${name} with (force)`);
  };
}
