import { sql } from 'drizzle-orm';
import type { Db } from './client.js';
import { devices, projects, users } from './schema.js';
import { ROLE } from '@ambassador/contracts';
import { usernameKey } from '../lib/usernames.js';

const SEED_LOCK = 7_341_002;

export interface SeedInput {
  adminUsername: string;
  /** Already hashed; `mustReset` when the password was generated. */
  adminPasswordHash: string;
  mustReset: boolean;
}

export const DEMO_DEVICES = [
  { description: 'Main Lobby Ambassador', kind: 'ambassador' },
  { description: 'North Wing Ambassador', kind: 'ambassador' },
  { description: 'Website Chatbot', kind: 'chatbot' },
] as const;

/**
 * First start on an empty database: a demo project, its devices and the admin user.
 * Returns the new project's id, or null (changing nothing) when any project exists, so restarts
 * never re-seed.
 */
export async function seedIfEmpty(db: Db, input: () => Promise<SeedInput>): Promise<number | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    const existing = await tx.select({ id: projects.id }).from(projects).limit(1);
    if (existing.length > 0) return null;
    const { adminUsername, adminPasswordHash, mustReset } = await input();
    const [project] = await tx.insert(projects).values({ name: 'Demo Project' }).returning();
    if (!project) throw new Error('seed: project insert returned nothing');
    await tx.insert(devices).values(DEMO_DEVICES.map((d) => ({ ...d, projectId: project.id })));
    await tx.insert(users).values({
      projectId: project.id,
      username: adminUsername,
      usernameKey: usernameKey(adminUsername),
      roleId: ROLE.admin,
      passwordHash: adminPasswordHash,
      languages: ['english', 'cantonese', 'mandarin'],
      mustResetPassword: mustReset,
    });
    return project.id;
  });
}
