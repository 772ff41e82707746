import path from 'node:path';
import type { FastifyInstance, FastifyContextConfig } from 'fastify';

/** One registered route: what the security battery (and the API reference) is generated from. */
export interface RouteEntry {
  method: string;
  url: string;
  config: FastifyContextConfig;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route of the app, in registration order (HEAD routes Fastify adds are left out). */
    routeTable: RouteEntry[];
  }
  interface FastifyContextConfig {
    /** The file that declared the route (`apps/server/src/modules/users/routes.ts`), for the reference. */
    source?: string;
  }
}

const SERVER_ROOT = path.resolve(import.meta.dirname, '..', '..');

/**
 * The source file that registered a route, read off the stack of its registration: the first
 * frame in this server's own code outside the plugins. Named as in the repository (src, .ts)
 * whether the server runs from src or from its build.
 */
function declaringFile(): string | undefined {
  const stack = new Error().stack ?? '';
  for (const match of stack.matchAll(/(?:file:\/\/)?(\/[^\s():]+\.[jt]s):\d+:\d+/g)) {
    const file = match[1]!;
    if (!file.startsWith(SERVER_ROOT) || file.includes('node_modules') || file.includes('/plugins/'))
      continue;
    const relative = path
      .relative(SERVER_ROOT, file)
      .replace(/^dist\//, 'src/')
      .replace(/\.js$/, '.ts');
    return `apps/server/${relative}`;
  }
  return undefined;
}

/** Records routes as they are registered; call before any route is added. */
export function recordRoutes(app: FastifyInstance) {
  const table: RouteEntry[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route) => {
    const config = (route.config ?? {}) as FastifyContextConfig;
    config.source ??= declaringFile();
    route.config = config;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      table.push({ method, url: route.url, config });
    }
  });
}
