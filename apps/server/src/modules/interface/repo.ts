import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { interfaceSections as s } from '../../db/schema.js';

/** A device's saved interface sections, always read and written by device id. */
export function createInterfaceRepo(db: Db) {
  return {
    /** The sections saved for the device: section id → component id → on. */
    async sections(deviceId: number): Promise<Map<string, Record<string, boolean>>> {
      const rows = await db
        .select({ sectionId: s.sectionId, components: s.components })
        .from(s)
        .where(eq(s.deviceId, deviceId));
      return new Map(rows.map((r) => [r.sectionId, r.components]));
    },

    /** Replaces one section's switches for the device. */
    async save(deviceId: number, sectionId: string, components: Record<string, boolean>, at: Date) {
      await db
        .insert(s)
        .values({ deviceId, sectionId, components, updatedAt: at })
        .onConflictDoUpdate({
          target: [s.deviceId, s.sectionId],
          set: { components: sql`excluded.components`, updatedAt: sql`excluded.updated_at` },
        });
    },
  };
}

export type InterfaceRepo = ReturnType<typeof createInterfaceRepo>;
