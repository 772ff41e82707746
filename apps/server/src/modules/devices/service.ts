import { forbidden } from '../../lib/errors.js';
import type { AuthContext } from '../auth/service.js';
import type { DevicesRepo } from './repo.js';

export function createDevicesService({ repo }: { repo: DevicesRepo }) {
  return {
    async list(actor: AuthContext, projectId: number) {
      if (projectId !== actor.projectId) throw forbidden('This project is not yours.');
      return repo.listByProject(projectId);
    },
    /** A device of the caller's project; another project's is a 403, like the guard's. */
    async get(actor: AuthContext, deviceId: number) {
      const device = await repo.find(deviceId, actor.projectId);
      if (!device) throw forbidden('This device is not in your project.');
      return device;
    },
    belongsToProject: (deviceId: number, projectId: number) => repo.exists(deviceId, projectId),
  };
}

export type DevicesService = ReturnType<typeof createDevicesService>;
