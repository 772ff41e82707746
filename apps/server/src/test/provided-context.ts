// What the server project's global setup hands its suites (test/global-setup.ts makes them).
declare module 'vitest' {
  export interface ProvidedContext {
    /** A PGlite data directory with every migration applied and nothing seeded. */
    pgliteTemplate: string;
    /** A PostgreSQL database, migrated and empty, that suites' databases are made from (or ''). */
    postgresTemplate: string;
  }
}

export {};
