import type { Config } from './config.js';
import { openDatabase, type Database } from './db/client.js';
import { seedIfEmpty } from './db/seed.js';
import { syncUsernameKeys } from './db/username-keys.js';
import { generatePassword, hashPassword } from './lib/passwords.js';

export interface StartupLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

/**
 * Opens the configured database, applies migrations and seeds the demo project on first start.
 * `demo` also gives it the demo topics, events and small talk (the server does; tests start empty;
 * the demo's visitor history is sent after the server is ready, server.ts).
 */
export async function openAndSeed(
  config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR' | 'ADMIN_USERNAME' | 'ADMIN_PASSWORD'>,
  log: StartupLog,
  demo?: (database: Database, projectId: number) => Promise<void>,
  /** Told, on the first start only, whether a password was generated (for the ready line), and the project made. */
  onFirstStart?: (generatedPassword: boolean, projectId: number) => void,
): Promise<Database> {
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    onPoolError: (err) => log.warn({ err }, 'database connection lost; it will be re-established'),
  });
  // Under one lock across instances: a second instance starting beside the first waits for the
  // whole first-start seeding (demo included), then finds the database seeded and seeds nothing.
  await database.exclusive(async () => {
    await syncUsernameKeys(database.db, (obj, msg) => log.warn(obj, msg));
    let generated: string | undefined;
    const seeded = await seedIfEmpty(database.db, async () => {
      const password = config.ADMIN_PASSWORD ?? (generated = generatePassword());
      return {
        adminUsername: config.ADMIN_USERNAME,
        adminPasswordHash: await hashPassword(password),
        mustReset: config.ADMIN_PASSWORD === undefined,
      };
    });
    if (seeded !== null) {
      log.info({ adminUsername: config.ADMIN_USERNAME }, 'created the demo project and its admin user');
      if (generated) {
        // Printed once: the database keeps only the hash, and the first sign-in must change it.
        log.warn(
          { adminUsername: config.ADMIN_USERNAME, generatedAdminPassword: generated },
          `Generated admin password for "${config.ADMIN_USERNAME}": ${generated} (you must change it at first sign-in)`,
        );
      }
    }
    if (seeded !== null) {
      if (demo) {
        log.info({}, 'seeding the demo project: topics, events, small talk (first start only)');
        await demo(database, seeded);
      }
      onFirstStart?.(generated !== undefined, seeded);
    }
  });
  return database;
}

/** The line a newcomer waits for: where to open the console and how to sign in. */
export function readyLine(
  url: string,
  adminUsername: string,
  firstStart: { generatedPassword: boolean } | null,
): string {
  if (firstStart === null)
    return `Ready: open ${url} and sign in (a forgotten admin password: npm run reset-password)`;
  return firstStart.generatedPassword
    ? `Ready: open ${url} and sign in as "${adminUsername}" with the password printed above (you choose your own at first sign-in)`
    : `Ready: open ${url} and sign in as "${adminUsername}" with ADMIN_PASSWORD`;
}
