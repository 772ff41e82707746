import {
  ZInterfaceSections,
  ZInterfaceSectionsQuery,
  ZOk,
  ZUpdateInterfaceSectionRequest,
} from '@ambassador/contracts';
import type { FastifyInstance } from 'fastify';
import { contractApp, ok } from '../../lib/contract.js';
import { deviceIdOf, pinned } from '../../plugins/guard.js';
import type { InterfaceService } from './service.js';

const interfacePage = { access: { page: '/interface' } } as const;
const tags = ['Interface settings'];

/** Interface sections of a device. Thin: the contract and the guard check, the service acts. */
export function interfaceRoutes(parent: FastifyInstance, { sections }: { sections: InterfaceService }) {
  const app = contractApp(parent);
  app.get(
    '/interface/sections',
    {
      config: interfacePage,
      schema: {
        tags,
        summary: 'The device’s kiosk sections, each component on or off',
        description: 'A device that saved nothing shows every component at its default.',
        querystring: ZInterfaceSectionsQuery,
        response: { 200: ZOk(ZInterfaceSections) },
      },
    },
    async (req) => ok(await sections.sections(deviceIdOf(req))),
  );
  app.put(
    '/interface/sections',
    {
      config: interfacePage,
      schema: {
        tags,
        summary: 'Switch one section’s components (the selected on, the others off)',
        description:
          'The device’s paired kiosks get the change at once (`interface:sections`). Unknown ids: 400 `unknown_section` / `unknown_component`.',
        body: ZUpdateInterfaceSectionRequest,
        response: { 200: ZOk(ZInterfaceSections) },
      },
    },
    async (req) => ok(await sections.update(pinned(req, req.body)), { message: 'Section saved.' }),
  );
}
