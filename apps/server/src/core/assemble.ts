import type { FastifyInstance } from 'fastify';
import { DEVICE_API_PREFIX } from '@ambassador/contracts';
import { startHousekeeping } from '../jobs/housekeeping.js';
import type { MediaReferenceSource } from '../media/store.js';
import { resumableUploadRoutes } from '../media/tus-routes.js';
import { registerDeviceAuth } from '../plugins/device-auth.js';
import { registerGuard } from '../plugins/guard.js';
import type { BuiltCore } from './core.js';
import type { AnyModule, Core, KioskPart, ModuleName, ScheduledTask, SearchSource } from './module.js';

const HOUR = 3_600_000;
type Step = void | Promise<void>;
/**
 * A module with what it built left untyped: the registry holds modules of different types, and each
 * module's own type is checked where it is defined (defineModule), so the loop may forget it.
 */
interface Erased {
  name: ModuleName;
  build(core: Core): unknown;
  hooks?(app: FastifyInstance, own: unknown, core: Core): Step;
  admin?(scope: FastifyInstance, own: unknown, core: Core): Step;
  device?(scope: FastifyInstance, own: unknown, core: Core): Step;
  root?(app: FastifyInstance, own: unknown, core: Core): Step;
  tasks?(own: unknown): ScheduledTask[];
  mediaReferences?: MediaReferenceSource[];
  kiosk?(own: unknown): KioskPart[];
  search?(own: unknown, core: Core): SearchSource[];
  warm?(own: unknown, core: Core): Promise<void>;
  close?(own: unknown): Step;
}
const erased = (modules: readonly AnyModule[]) => modules as readonly Erased[];

/** Builds every module in the registry's order, and takes in what each adds to the core. */
export async function buildModules(base: BuiltCore, registry: readonly AnyModule[]) {
  const { core } = base;
  for (const module of erased(registry)) {
    base.building(module.name);
    const own = await module.build(core);
    base.built.set(module.name, own);
    await module.hooks?.(core.app, own, core);
    if (module.mediaReferences) core.media.addReferences(...module.mediaReferences);
    if (module.kiosk) base.parts.push(...module.kiosk(own));
    if (module.search) base.searches.push(...module.search(own, core));
    if (module.close) core.app.addHook('onClose', async () => module.close?.(own));
  }
  base.building(null);
}

/** Every module's routes: admin ones behind the session guard, device ones behind the key check. */
export async function registerModuleRoutes(
  app: FastifyInstance,
  base: BuiltCore,
  registry: readonly AnyModule[],
) {
  const { core, uploads } = base;
  const modules = erased(registry);
  const own = (module: Erased) => base.built.get(module.name);
  await app.register(
    async (admin) => {
      registerGuard(admin, { auth: core.use('auth').auth, devices: core.use('devices').devices });
      await admin.register(resumableUploadRoutes, { uploads });
      for (const module of modules) await module.admin?.(admin, own(module), core);
    },
    { prefix: '/admin_panel' },
  );
  await app.register(
    async (device) => {
      registerDeviceAuth(device, { devices: core.use('devices').devices });
      for (const module of modules) await module.device?.(device, own(module), core);
    },
    { prefix: DEVICE_API_PREFIX },
  );
  for (const module of modules) await module.root?.(app, own(module), core);
}

/**
 * The modules' housekeeping, then the core's. The hourly tasks are listed on the app (tests run
 * them with their own clock); with `schedule` each group runs at its own interval, and the job
 * queue starts claiming once every module has registered its kinds.
 */
export function scheduleTasks(base: BuiltCore, registry: readonly AnyModule[], schedule: boolean) {
  const { app, log, jobs } = base.core;
  const tasks = [
    ...erased(registry).flatMap((module) => module.tasks?.(base.built.get(module.name)) ?? []),
    ...base.tasks,
  ];
  app.decorate(
    'housekeepingTasks',
    tasks.filter((task) => (task.everyMs ?? HOUR) === HOUR),
  );
  if (!schedule) return;
  app.addHook('onReady', async () => jobs.start());
  const intervals = [...new Set(tasks.map((task) => task.everyMs ?? HOUR))];
  for (const everyMs of intervals) {
    const stop = startHousekeeping(
      tasks.filter((task) => (task.everyMs ?? HOUR) === everyMs),
      log,
      everyMs,
    );
    app.addHook('onClose', async () => stop());
  }
}

/** Once the server is ready, each module's warm-up in turn, in the background. */
export function warmModules(base: BuiltCore, registry: readonly AnyModule[]) {
  const { core } = base;
  const { app, log } = core;
  app.addHook('onReady', async () => {
    setImmediate(() => {
      void (async () => {
        for (const module of erased(registry)) {
          await module.warm?.(base.built.get(module.name), core).catch((err: unknown) => {
            log.error({ err, module: module.name }, 'warming up failed');
          });
        }
      })();
    });
  });
}
