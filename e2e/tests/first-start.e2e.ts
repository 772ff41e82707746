import { afterAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../support/server.js';
import { adminApi } from '../support/stage.js';

/**
 * The first start of the built server with the demo, as `npm start` makes it: the console is usable
 * once the demo's topics are in, and the demo's visitor history (the default 2,500 questions) is
 * sent after that, in the background. A server stopped while it is being sent stops cleanly and
 * keeps what was sent; a restart does not send it again.
 */
const ADMIN = { username: 'admin', password: 'First-Start-Passw0rd!' };

describe('the first start with the demo', () => {
  let server: RunningServer | undefined;
  afterAll(async () => {
    await server?.stop({ remove: true });
  });

  it('is ready before the visitor history is sent, and stops cleanly while it is', async () => {
    server = await startServer({
      env: { ADMIN_PASSWORD: ADMIN.password, DEMO_DATA: 'true', DEMO_CONVERSATIONS: '2500' },
    });
    expect(await server.logged(/^demo visitor history: sending 2500 questions/)).toBeTruthy();
    // Usable now: sign in and read the demo's topics while the history is still being sent.
    const api = await adminApi(server.url, ADMIN);
    const topics = await fetch(`${server.url}/admin_panel/ai_config/intents/category?device_id=1`, {
      headers: api.headers,
    });
    expect(topics.status).toBe(200);
    expect(JSON.stringify(await topics.json())).toMatch(/General information/);
    expect(server.logs.some((l) => l.includes('demo visitor history: done'))).toBe(false);

    const dataDir = server.dataDir;
    expect(await server.stop({ remove: false })).toBe(0);
    expect(
      server.logs.some((l) => /demo visitor history: stopped with the server after \d+ of 2500/.test(l)),
    ).toBe(true);

    // The next start is not a first start: no history is sent again.
    server = await startServer({ dataDir, env: { ADMIN_PASSWORD: ADMIN.password, DEMO_DATA: 'true' } });
    expect(server.logs.some((l) => l.includes('demo visitor history'))).toBe(false);
  });
});
