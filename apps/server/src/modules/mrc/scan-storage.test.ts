import fs from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { MrcDocument } from '@ambassador/contracts';
import { ADMIN, login, multipartForm, suiteApp, type Session } from '../../test/harness.js';
import { createDevice } from '../../test/sockets.js';
import { queryRows } from '../../db/client.js';
import { FILE_MISSING_DETAIL } from './service.js';

/**
 * A scan whose original is not on this instance's disk (issue 38: it was stored on another
 * instance's) fails at once as file_missing, and nothing the operator reads names a server path.
 */
describe('a scan that cannot find its original', () => {
  const t = suiteApp('pglite');
  let admin: Session;
  let device: number;
  beforeAll(async () => {
    admin = await login(t.app, ADMIN.username, ADMIN.password);
    device = (await createDevice(t.app, admin, 'Storage Lobby')).id;
  });

  it('is file_missing, with no path in what the console or the job records show', async () => {
    const form = multipartForm({ device_id: String(device) }, [
      {
        field: 'file',
        name: 'hours.txt',
        content: Buffer.from('The shop opens at nine.\n'),
        type: 'text/plain',
      },
    ]);
    const up = await t.app.inject({
      method: 'POST',
      url: '/admin_panel/mrc',
      headers: { ...admin.headers, ...form.headers },
      payload: form.payload,
    });
    expect(up.statusCode, up.body).toBe(200);
    const id = (up.json().data as { documents: MrcDocument[] }).documents[0]!.id;
    // The original vanishes from the disk (ENOENT on open), as on an instance that never had it.
    const entries = await fs.readdir(t.config.mediaDir, { recursive: true, withFileTypes: true });
    for (const e of entries.filter((x) => x.isFile() && x.name.endsWith('.txt')))
      await fs.rm(path.join(e.parentPath, e.name));

    await t.app.jobs.runDue();
    const res = await t.app.inject({
      method: 'GET',
      url: `/admin_panel/mrc?device_id=${device}`,
      headers: admin.headers,
    });
    const doc = (res.json().data as MrcDocument[]).find((d) => d.id === id)!;
    expect(doc).toMatchObject({
      status: 'Failed',
      failure: 'file_missing',
      failure_detail: FILE_MISSING_DETAIL,
    });
    const text = JSON.stringify(res.json());
    expect(text).not.toContain(t.config.DATA_DIR);
    expect(text).not.toMatch(/ENOENT|\/tmp\//);
    // Not retried (another attempt cannot find it either), and the job's own record names no path.
    const jobs = await queryRows<{ status: string; last_error: string | null }>(
      t.database.db,
      sql`select status, last_error from jobs where kind = 'mrc-scan' and payload->>'document_id' = ${String(id)}`,
    );
    for (const job of jobs) expect(job.last_error ?? '').not.toContain(t.config.DATA_DIR);
  });
});
