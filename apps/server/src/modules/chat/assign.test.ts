import { afterEach, describe, expect, it } from 'vitest';
import { LIVE_EVENT, SOCKET } from '@ambassador/contracts';
import { backends, createUser } from '../../test/harness.js';
import { projectFixture } from '../../test/project.js';
import { adminSocket, closeSockets, connected, nextMessage } from '../../test/sockets.js';

describe.each(backends)('chat assignment on %s', (kind) => {
  const t = projectFixture(kind, { devices: { kiosk: 'Assign Kiosk' }, other: { foreignKiosk: 'Foreign' } });
  const { admin, otherAdmin: other } = t;
  const { kiosk } = t.devices;
  afterEach(() => closeSockets());
  type Method = 'GET' | 'POST' | 'PUT';
  const call = (method: Method, path: string, payload?: object, s = admin) =>
    t.app.inject({ method, url: `/admin_panel${path}`, headers: s.headers, ...(payload && { payload }) });
  const startChat = async (name: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/device_api/v1/chats',
      headers: { authorization: `Bearer ${kiosk.key}` },
      payload: { language: 'english', name },
    });
    return res.json().data.session_id as string;
  };
  const listed = async (assigned: string, s = admin) =>
    (await call('GET', `/chat/endusers?device_id=${kiosk.id}&assigned=${assigned}`, undefined, s))
      .json()
      .data.map((u: { name: string }) => u.name)
      .sort();

  it('takes, gives and unassigns a chat; the list filters Mine and Unassigned; consoles hear it', async () => {
    const mia = await startChat('Mia');
    await startChat('Noah');
    const { user: colleague, session: colleagueSession } = await createUser(t.app, admin, {
      username: 'colleague',
      role_id: 2,
      page_access: ['/chat'],
    });
    const socket = await connected(adminSocket(t.url, colleagueSession, 'tab-c', 'colleague'));
    const heard = nextMessage<{ name: string; session_id: string; change: string }>(socket, SOCKET.event);

    const taken = await call('PUT', `/chat/endusers/${mia}/assignee`, { user_id: admin.userId });
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json().data.assignee).toEqual({ id: admin.userId, username: 'admin' });
    expect(await heard).toMatchObject({ name: LIVE_EVENT.chatMessage, session_id: mia, change: 'updated' });

    expect(await listed('mine')).toEqual(['Mia']);
    expect(await listed('unassigned')).toEqual(['Noah']);
    expect(await listed('all')).toEqual(['Mia', 'Noah']);
    expect(await listed('mine', colleagueSession)).toEqual([]);

    // Given to a colleague: it is theirs now.
    const given = await call('PUT', `/chat/endusers/${mia}/assignee`, { user_id: colleague.user_id });
    expect(given.json().data.assignee.username).toBe('colleague');
    expect(await listed('mine', colleagueSession)).toEqual(['Mia']);

    const unassigned = await call('PUT', `/chat/endusers/${mia}/assignee`, { user_id: null });
    expect(unassigned.json().data.assignee).toBeNull();
    expect(await listed('unassigned')).toEqual(['Mia', 'Noah']);

    // Another project's operator is no assignee, and their admin cannot assign this chat.
    const foreign = await call('PUT', `/chat/endusers/${mia}/assignee`, { user_id: other.userId });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error).toBe('unknown_operator');
    expect((await call('PUT', `/chat/endusers/${mia}/assignee`, { user_id: null }, other)).statusCode).toBe(
      404,
    );
  });

  it('lists the operators who may use Live Chat; anyone else is refused and nothing changes', async () => {
    const noah = await startChat('Noah');
    // A user of the project whose pages leave Live Chat out: no operator.
    const { user: writer } = await createUser(t.app, admin, {
      username: 'writer',
      role_id: 1,
      page_access: ['/ai'],
    });
    const list = await call('GET', '/chat/operators');
    expect(list.statusCode, list.body).toBe(200);
    const names = list.json().data.map((u: { username: string }) => u.username);
    expect(names).toContain('admin');
    expect(names).toContain('colleague');
    expect(names).not.toContain('writer');
    // Another project's operators are never listed; theirs lists none of ours.
    const theirs = (await call('GET', '/chat/operators', undefined, other)).json().data;
    expect(theirs.map((u: { id: number }) => u.id)).not.toContain(admin.userId);
    expect(names).not.toContain(theirs[0].username);

    for (const userId of [writer.user_id, other.userId, 999_999]) {
      const refused = await call('PUT', `/chat/endusers/${noah}/assignee`, { user_id: userId });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().error).toBe('unknown_operator');
    }
    const after = await call('GET', `/chat/endusers/${noah}`);
    expect(after.json().data.assignee).toBeNull();
  });

  it('filters the list by a tag in use on the device; the tags are listed once each', async () => {
    const ada = await startChat('Ada');
    const ben = await startChat('Ben');
    await call('PUT', `/chat/endusers/${ada}`, { tags: ['VIP', 'Parking'] });
    await call('PUT', `/chat/endusers/${ben}`, { tags: ['vip'] });
    const tags = await call('GET', `/chat/tags?device_id=${kiosk.id}`);
    expect(tags.statusCode, tags.body).toBe(200);
    expect(tags.json().data).toEqual(['Parking', 'VIP']);
    const tagged = async (tag: string) =>
      (await call('GET', `/chat/endusers?device_id=${kiosk.id}&tag=${encodeURIComponent(tag)}`))
        .json()
        .data.map((u: { name: string }) => u.name)
        .sort();
    expect(await tagged('VIP')).toEqual(['Ada', 'Ben']);
    expect(await tagged('parking')).toEqual(['Ada']);
    expect(await tagged('Nobody')).toEqual([]);
    const tooLong = await call('GET', `/chat/endusers?device_id=${kiosk.id}&tag=${'x'.repeat(31)}`);
    expect(tooLong.statusCode).toBe(400);
    // Another project's device: its tags are not ours to read.
    const foreign = await call('GET', `/chat/tags?device_id=${t.devices.foreignKiosk.id}`);
    expect(foreign.statusCode).toBe(403);
  });
});
