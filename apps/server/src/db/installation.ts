import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from './client.js';
import { installation } from './schema.js';

/** What tells this installation from any other: its stored id, and the database's own name. */
export interface InstallationIdentity {
  id: string;
  database: string;
}

/**
 * This installation's identity, its id made on the first start. Concurrent first starts of several
 * instances are safe: one insert wins, the others change nothing and read the winner's row. The
 * database's name comes along because a copy made on the same server (`CREATE DATABASE … TEMPLATE`,
 * a restore for staging) carries the row with it.
 */
export async function installationIdentity(db: Db): Promise<InstallationIdentity> {
  await db.insert(installation).values({ id: randomUUID() }).onConflictDoNothing();
  const [row] = await db
    .select({ id: installation.id, database: sql<string>`current_database()` })
    .from(installation);
  if (!row) throw new Error('installation: its row was not written');
  return row;
}
