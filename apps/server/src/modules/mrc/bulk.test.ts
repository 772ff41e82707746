import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { mrcDocuments, mrcPassages } from '../../db/schema.js';
import { backends, otherProject } from '../../test/harness.js';
import { projectFixture } from '../../test/project.js';

/** Seeded devices: 1 Main Lobby Ambassador, 2 North Wing Ambassador. */
const LOBBY = 1;
const NORTH = 2;

describe.each(backends)('deleting many documents, and undo, on %s', (kind) => {
  const t = projectFixture(kind);
  const { admin } = t;
  const db = () => t.database.db;
  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url: `/admin_panel${url}`, headers: admin.headers, ...(payload && { payload }) });
  const bulk = (selection: object, device_id = LOBBY) =>
    call('POST', '/mrc/bulk', { device_id, action: 'delete', selection });
  const listed = async (device = LOBBY) =>
    (await call('GET', `/mrc?device_id=${device}&limit=100`))
      .json()
      .data.map((d: { filename: string }) => d.filename);
  const docs: Record<string, number> = {};

  /** Ready documents with passages, as a finished scan leaves them (written directly: no scan runs). */
  beforeAll(async () => {
    for (const [device, filename] of [
      [LOBBY, 'Visitor guide.pdf'],
      [LOBBY, 'Visitor map.pdf'],
      [LOBBY, 'Opening hours.txt'],
      [NORTH, 'North guide.pdf'],
    ] as const) {
      const [row] = await db()
        .insert(mrcDocuments)
        .values({ deviceId: device, filename, format: 'pdf', size: 1000, status: 'Ready', passages: 2 })
        .returning({ id: mrcDocuments.id });
      docs[filename] = row!.id;
      await db()
        .insert(mrcPassages)
        .values(
          [1, 2].map((ordinal) => ({
            documentId: row!.id,
            deviceId: device,
            ordinal,
            page: ordinal,
            text: `${filename}, passage ${ordinal}: the museum opens at nine.`,
          })),
        );
    }
  });

  it('deletes every document the search matches, and Undo puts them back Ready with their passages', async () => {
    const res = await bulk({ all: true, filter: { search: 'visitor' } });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json().data;
    expect(result).toMatchObject({ count: 2, skipped: 0, undo: { count: 2 } });
    expect(await listed()).toEqual(['Opening hours.txt']);
    const ids = [docs['Visitor guide.pdf']!, docs['Visitor map.pdf']!];
    expect(await db().select().from(mrcPassages).where(inArray(mrcPassages.documentId, ids))).toEqual([]);

    const undone = await call('POST', '/undo', { id: result.undo.id });
    expect(undone.statusCode, undone.body).toBe(200);
    expect((await listed()).sort()).toEqual(['Opening hours.txt', 'Visitor guide.pdf', 'Visitor map.pdf']);
    const back = await db().select().from(mrcDocuments).where(inArray(mrcDocuments.id, ids));
    expect(back.map((d) => [d.status, d.passages])).toEqual([
      ['Ready', 2],
      ['Ready', 2],
    ]);
    expect(await db().select().from(mrcPassages).where(inArray(mrcPassages.documentId, ids))).toHaveLength(4);
    // A second undo of the same change is refused: nothing is put back twice.
    expect((await call('POST', '/undo', { id: result.undo.id })).statusCode).toBe(409);
  });

  it('deletes only the device’s own documents, and another project reaches none', async () => {
    const theirs = await bulk({ ids: [docs['North guide.pdf']!] });
    expect(theirs.statusCode).toBe(404);
    expect(await listed(NORTH)).toEqual(['North guide.pdf']);
    const other = await otherProject(t.database);
    const refused = await bulk({ ids: [docs['Opening hours.txt']!] }, other.deviceId);
    expect(refused.statusCode).toBe(403);
    const foreign = await bulk({ all: true, filter: { search: '' } }, other.deviceId);
    expect(foreign.statusCode).toBe(403);
    expect(await listed()).toContain('Opening hours.txt');
    const [row] = await db()
      .select()
      .from(mrcDocuments)
      .where(eq(mrcDocuments.id, docs['Opening hours.txt']!));
    expect(row!.status).toBe('Ready');
  });
});
