import { afterEach, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { projects } from './db/schema.js';
import { backends, freshStore, login, startApp } from './test/harness.js';
import { openAndSeed, readyLine } from './bootstrap.js';
import { loadConfig } from './config.js';

describe.each(backends)('start-up on %s', (kind) => {
  let drop: (() => Promise<void>) | undefined;
  afterEach(async () => drop?.());

  it('seeds once, prints a generated password once, and a restart keeps every change', async () => {
    const store = await freshStore(kind);
    drop = store.drop;
    const warnings: string[] = [];
    const log = { info: () => undefined, warn: (_o: object, msg?: string) => void warnings.push(msg ?? '') };

    const first = await startApp(store, { ADMIN_PASSWORD: '', ADMIN_USERNAME: 'boss' }, log);
    const line = warnings.find((w) => w.startsWith('Generated admin password'));
    const password = line?.match(/: (\S+) \(/)?.[1];
    expect(password).toMatch(/^(?=.*[A-Z])(?=.*[a-z])(?=.*\d)(?=.*[^A-Za-z0-9]).{20}$/);
    const res = await first.app.inject({
      method: 'POST',
      url: '/admin_panel/login',
      payload: { username: 'boss', password },
    });
    expect(res.json().data.is_password_expired).toBe(true);
    const session = await login(first.app, 'boss', password!);
    await first.app.inject({
      method: 'PUT',
      url: '/admin_panel/admin_settings/users',
      headers: session.headers,
      payload: { user_id: session.userId, old_password: password, password: 'Chosen-Passw0rd!' },
    });
    await first.close();

    warnings.length = 0;
    const second = await startApp(store, { ADMIN_PASSWORD: '', ADMIN_USERNAME: 'boss' }, log);
    expect(warnings).toEqual([]);
    const [row] = await second.database.db.select({ n: count() }).from(projects);
    expect(row?.n).toBe(1);
    const again = await second.app.inject({
      method: 'POST',
      url: '/admin_panel/login',
      payload: { username: 'boss', password: 'Chosen-Passw0rd!' },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.is_password_expired).toBe(false);
    await second.close();
  });

  it('uses ADMIN_PASSWORD as given, not expired', async () => {
    const store = await freshStore(kind);
    drop = store.drop;
    const t = await startApp(store, { ADMIN_PASSWORD: 'Given-Passw0rd!' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/admin_panel/login',
      payload: { username: 'admin', password: 'Given-Passw0rd!' },
    });
    expect(res.json().data.is_password_expired).toBe(false);
    await t.close();
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'two instances starting together on an empty PostgreSQL',
  () => {
    it('seed once, and the second is ready only when the first has seeded all of it', async () => {
      const store = await freshStore('postgres');
      const log = { info: () => undefined, warn: () => undefined };
      const config = loadConfig({ ...store.env, ADMIN_PASSWORD: 'Long-Enough-Passw0rd!' });
      const events: string[] = [];
      // A demo that takes a while, as the real one's topics and traffic do.
      const demo = async (_db: unknown, projectId: number) => {
        events.push(`demo started for project ${projectId}`);
        await new Promise((r) => setTimeout(r, 300));
        events.push('demo done');
      };
      try {
        const opened = await Promise.all(
          [0, 1].map((i) =>
            openAndSeed(config, log, demo).then((database) => (events.push(`instance ${i} ready`), database)),
          ),
        );
        expect(events.filter((e) => e.startsWith('demo started'))).toHaveLength(1);
        expect(events.indexOf('demo done')).toBeLessThan(events.findIndex((e) => e.endsWith('ready')));
        const [row] = await opened[0]!.db.select({ n: count() }).from(projects);
        expect(row?.n).toBe(1);
        await Promise.all(opened.map((d) => d.close()));
      } finally {
        await store.drop();
      }
    });
  },
);

describe('the ready line', () => {
  it('says where to open the console and which sign-in to use', () => {
    const url = 'http://localhost:8080';
    expect(readyLine(url, 'admin', { generatedPassword: true })).toBe(
      'Ready: open http://localhost:8080 and sign in as "admin" with the password printed above (you choose your own at first sign-in)',
    );
    expect(readyLine(url, 'boss', { generatedPassword: false })).toContain(
      'sign in as "boss" with ADMIN_PASSWORD',
    );
    expect(readyLine(url, 'admin', null)).toContain('npm run reset-password');
  });
});
