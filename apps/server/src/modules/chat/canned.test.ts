import { describe, expect, it } from 'vitest';
import { backends, createUser } from '../../test/harness.js';
import { projectFixture } from '../../test/project.js';

describe.each(backends)('saved chat replies on %s', (kind) => {
  const t = projectFixture(kind, { other: { foreignKiosk: 'Foreign Kiosk' } });
  const { admin, otherAdmin: other } = t;
  type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
  const call = (method: Method, path: string, payload?: object, s = admin) =>
    t.app.inject({ method, url: `/admin_panel${path}`, headers: s.headers, ...(payload && { payload }) });

  it('adds, lists by code, edits and deletes a project’s saved replies', async () => {
    const added = await call('POST', '/chat/canned_replies', {
      code: 'hours',
      texts: { english: ' We are open 9 to 6. ', cantonese: '我哋九點至六點開放。', mandarin: '' },
    });
    expect(added.statusCode, added.body).toBe(200);
    const reply = added.json().data;
    // Trimmed, and a language left empty is no text.
    expect(reply).toMatchObject({
      code: 'hours',
      texts: { english: 'We are open 9 to 6.', cantonese: '我哋九點至六點開放。' },
    });
    expect(Object.keys(reply.texts)).toEqual(['english', 'cantonese']);
    await call('POST', '/chat/canned_replies', { code: 'atm', texts: { english: 'The ATM is by gate 2.' } });

    const listed = (await call('GET', '/chat/canned_replies')).json().data;
    expect(listed.map((r: { code: string }) => r.code)).toEqual(['atm', 'hours']);

    // The same code in another case is taken; another project's list is its own.
    const twice = await call('POST', '/chat/canned_replies', { code: 'HOURS', texts: { english: 'x' } });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe('canned_code_taken');
    expect((await call('GET', '/chat/canned_replies', undefined, other)).json().data).toEqual([]);
    expect((await call('DELETE', `/chat/canned_replies/${reply.id}`, undefined, other)).statusCode).toBe(404);

    const edited = await call('PUT', `/chat/canned_replies/${reply.id}`, {
      code: 'open',
      texts: { english: 'Open 10 to 8 today.' },
    });
    expect(edited.json().data).toMatchObject({ code: 'open', texts: { english: 'Open 10 to 8 today.' } });
    expect((await call('DELETE', `/chat/canned_replies/${reply.id}`)).statusCode).toBe(200);
    expect(
      (await call('GET', '/chat/canned_replies')).json().data.map((r: { code: string }) => r.code),
    ).toEqual(['atm']);
  });

  it('refuses a code with spaces, a reply with no text, and users without Live Chat', async () => {
    const spaced = await call('POST', '/chat/canned_replies', { code: 'two words', texts: { english: 'x' } });
    expect(spaced.statusCode).toBe(400);
    expect(JSON.stringify(spaced.json().issues)).toContain('canned_code_format');
    const empty = await call('POST', '/chat/canned_replies', { code: 'nothing', texts: { english: '  ' } });
    expect(empty.statusCode).toBe(400);
    expect(JSON.stringify(empty.json().issues)).toContain('canned_text_required');
    const { session } = await createUser(t.app, admin, {
      username: 'reviewer-canned',
      role_id: 1,
      page_access: ['/conversation'],
    });
    expect((await call('GET', '/chat/canned_replies', undefined, session)).statusCode).toBe(403);
  });
});
