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
}

/** Records routes as they are registered; call before any route is added. */
export function recordRoutes(app: FastifyInstance) {
  const table: RouteEntry[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      table.push({ method, url: route.url, config: (route.config ?? {}) as FastifyContextConfig });
    }
  });
}
