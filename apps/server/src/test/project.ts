import { beforeAll } from 'vitest';
import { ADMIN, login, otherProject, suiteApp, type Session, type TestApp } from './harness.js';
import { createDevice, listen } from './sockets.js';

/** A kiosk made through the admin API: its id and its device key. */
export interface Device {
  id: number;
  key: string;
}

/** The second tenant `otherProject` makes: its ids, its admin's name and password. */
export type OtherProject = Awaited<ReturnType<typeof otherProject>>;

export interface ProjectFixture<D extends string> extends TestApp {
  /** The listening app's base URL (socket.io needs a real server). */
  readonly url: string;
  /** The demo project's admin, signed in. */
  readonly admin: Session;
  /** Every device named in `devices` and `other`, made through the admin API in that order. */
  readonly devices: Readonly<Record<D, Device>>;
  /** The second project (only when `other` is given), and its admin, signed in. */
  readonly otherProject: OtherProject;
  readonly otherAdmin: Session;
  /** Signs both admins in again, for suites that move the clock past a session's idle time. */
  signInAgain(): Promise<void>;
}

/**
 * The setup most API suites share, once per `describe.each(backends)` block: the app on a fresh
 * store, listening; the demo admin signed in; this project's devices (`devices`: a name for each
 * and its description); and, with `other`, a second project whose own admin makes the devices
 * named there, to show that nothing crosses projects. A suite's own `beforeAll` hooks run after.
 *
 * Sessions, devices and the other project are objects this fixture's `beforeAll` fills in, so a
 * suite may destructure them at the top; `url` is a string, read from the fixture in tests.
 */
export function projectFixture<D extends string = never, F extends string = never>(
  kind: 'pglite' | 'postgres',
  setup: { devices?: Record<D, string>; other?: Record<F, string>; env?: Record<string, string> } = {},
): ProjectFixture<D | F> {
  const t = suiteApp(kind, setup.env);
  const ownDevices = Object.entries(setup.devices ?? {}) as Array<[D, string]>;
  const otherDevices = Object.entries(setup.other ?? {}) as Array<[F, string]>;
  const devices = Object.fromEntries([...ownDevices, ...otherDevices].map(([name]) => [name, {}])) as Record<
    D | F,
    Device
  >;
  if (Object.keys(devices).length < ownDevices.length + otherDevices.length)
    throw new Error('projectFixture: a device name is used in both projects');
  const admin = {} as Session;
  const otherAdmin = {} as Session;
  const otherProjectRow = {} as OtherProject;
  let url: string | undefined;

  const signIn = async () => Object.assign(admin, await login(t.app, ADMIN.username, ADMIN.password));
  const signInOther = async () =>
    Object.assign(otherAdmin, await login(t.app, otherProjectRow.username, otherProjectRow.password));
  beforeAll(async () => {
    url = await listen(t.app);
    await signIn();
    for (const [name, description] of ownDevices)
      Object.assign(devices[name], await createDevice(t.app, admin, description));
    if (!setup.other) return;
    Object.assign(otherProjectRow, await otherProject(t.database));
    await signInOther();
    for (const [name, description] of otherDevices)
      Object.assign(devices[name], await createDevice(t.app, otherAdmin, description));
  });

  const onlyWithOther = <T>(value: T) => ({
    get: () => {
      if (!setup.other) throw new Error('projectFixture was not asked for another project');
      return value;
    },
  });
  return Object.defineProperties(t, {
    url: {
      get: () => {
        if (url === undefined) throw new Error('projectFixture is used before its beforeAll ran');
        return url;
      },
    },
    admin: { value: admin },
    devices: { value: devices },
    otherProject: onlyWithOther(otherProjectRow),
    otherAdmin: onlyWithOther(otherAdmin),
    signInAgain: {
      value: async () => {
        await signIn();
        if (setup.other) await signInOther();
      },
    },
  }) as ProjectFixture<D | F>;
}
