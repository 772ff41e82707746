import type { TestProject } from 'vitest/node';
import { migratedPglite } from '../../apps/server/src/test/pglite-template.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PGlite data directory with every migration applied and nothing seeded. */
    e2eDataTemplate: string;
  }
}

/**
 * A server's first start on an empty data directory spends ≈ 5 s making its PGlite database. The
 * run makes one here, migrated from the same migrations folder the built server reads, and each
 * suite's server starts on a copy (`startServer`, through support/setup.ts): it still seeds its
 * project and admin as a first start does.
 */
export default async function setup(project: TestProject) {
  const template = await migratedPglite();
  project.provide('e2eDataTemplate', template.pglite);
  return () => template.remove();
}
