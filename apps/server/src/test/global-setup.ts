import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.js';
import { migratedPglite } from './pglite-template.js';
import { databaseUrl, onPostgres } from './postgres-admin.js';
import type {} from './provided-context.js';

/**
 * The suites open ≈ 70 databases, so the run migrates one of each kind here and each suite's store
 * starts as a copy (`freshStore`): PGlite's directory copied (test/pglite-template.ts), PostgreSQL's
 * databases made from a migrated template (≈ 0.5 s of migrations each). Nothing is seeded: each
 * suite's first start still creates its project and admin, as a server's does.
 */
export default async function setup(project: TestProject) {
  const template = await migratedPglite();
  project.provide('pgliteTemplate', template.pglite);

  const baseUrl = process.env.TEST_DATABASE_URL;
  const name = baseUrl ? `ac_test_template_${randomBytes(6).toString('hex')}` : '';
  if (baseUrl) {
    await onPostgres(baseUrl, `create database ${name}`);
    const postgres = await openDatabase({ databaseUrl: databaseUrl(baseUrl, name) });
    await postgres.close();
  }
  project.provide('postgresTemplate', name);

  return async () => {
    await template.remove();
    if (baseUrl) await onPostgres(baseUrl, `drop database if exists ${name} with (force)`);
  };
}
