import { beforeAll, describe, expect, it } from 'vitest';
import { aiCalls } from '../../../test/ai.js';
import { backends, otherProject } from '../../../test/harness.js';
import { projectFixture } from '../../../test/project.js';

/** Seeded devices: 1 Main Lobby Ambassador, 2 North Wing Ambassador, 3 Website Chatbot. */
const LOBBY = 1;
const NORTH = 2;

describe.each(backends)('AI transfer on %s', (kind) => {
  const t = projectFixture(kind);
  const { admin } = t;
  const { call, data, category, topic } = aiCalls(t, () => admin);

  // What a copy carries: a category of the lobby with a topic and a sub-topic.
  beforeAll(async () => {
    const cat = await category('Transport');
    const parent = await topic('Bus routes', { category_id: cat.category_id });
    await topic('Night buses', { parent_id: parent.id });
  });

  describe('transfer A.I. data', () => {
    it('replaces the destination with a copy of the source, and undo restores it', async () => {
      const own = await category('North only', undefined, NORTH);
      await topic('North desk', { category_id: own.category_id }, NORTH);
      const before = await call('GET', `/ai_config/intents/intent?device_id=${LOBBY}&limit=100`);
      const copy = await call('POST', '/setup/copy_device', { source_id: LOBBY, dest_id: NORTH });
      expect(copy.statusCode).toBe(200);
      expect(copy.json().message).toMatch(/^Transferred \d+ categories, \d+ topics/);
      const transfer = copy.json().data;
      expect(transfer).toMatchObject({
        source_id: LOBBY,
        dest_id: NORTH,
        restored_at: null,
        created_by: 'admin',
      });
      // The destination's matcher learns the new topics; the previous model answers meanwhile.
      expect(transfer.matcher).toMatchObject({ device_id: NORTH, state: 'training' });
      const after = await call('GET', `/ai_config/intents/intent?device_id=${NORTH}&limit=100`);
      expect(after.json().total).toBe(before.json().total);
      const names = (r: typeof before) =>
        r
          .json()
          .data.map((x: { intent_name: string }) => x.intent_name)
          .sort();
      expect(names(after)).toEqual(names(before));
      // Sub-topics and their links survive the copy with new ids.
      const night = after.json().data.find((x: { parent_name: string | null }) => x.parent_name !== null);
      if (night) expect(after.json().data.some((x: { id: number }) => x.id === night.parent_id)).toBe(true);
      const history = await data('GET', `/setup/copy_device?device_id=${NORTH}`);
      expect(history[0].id).toBe(transfer.id);

      const undo = await call('POST', '/setup/copy_device/undo', { id: transfer.id });
      expect(undo.statusCode).toBe(200);
      expect(undo.json().data.restored_at).not.toBeNull();
      const restored = await data('GET', `/ai_config/intents/intent?device_id=${NORTH}&limit=100`);
      expect(restored.map((x: { intent_name: string }) => x.intent_name)).toEqual(['North desk']);
      const again = await call('POST', '/setup/copy_device/undo', { id: transfer.id });
      expect(again.json().error).toBe('transfer_restored');
      // The source was not touched.
      expect((await call('GET', `/ai_config/intents/intent?device_id=${LOBBY}&limit=100`)).json().total).toBe(
        before.json().total,
      );
    });

    it('only the newest transfer into a device can be undone, and not after it expires', async () => {
      const first = (await data('POST', '/setup/copy_device', { source_id: LOBBY, dest_id: NORTH })).id;
      const second = (await data('POST', '/setup/copy_device', { source_id: LOBBY, dest_id: NORTH })).id;
      const older = await call('POST', '/setup/copy_device/undo', { id: first });
      expect(older.json().error).toBe('transfer_superseded');
      t.clock.advance(73 * 3_600_000);
      await t.signInAgain();
      const late = await call('POST', '/setup/copy_device/undo', { id: second });
      expect(late.statusCode).toBe(409);
      expect(late.json().error).toBe('transfer_expired');
    });

    it('needs a destination other than the source, both in the project', async () => {
      const same = await call('POST', '/setup/copy_device', { source_id: LOBBY, dest_id: LOBBY });
      expect(same.statusCode).toBe(400);
      const missing = await call('POST', '/setup/copy_device', { source_id: LOBBY });
      expect(missing.statusCode).toBe(400);
      const other = await otherProject(t.database);
      const foreign = await call('POST', '/setup/copy_device', { source_id: LOBBY, dest_id: other.deviceId });
      expect(foreign.statusCode).toBe(403);
      const steal = await call('POST', '/setup/copy_device', { source_id: other.deviceId, dest_id: NORTH });
      expect(steal.statusCode).toBe(403);
    });
  });
});
