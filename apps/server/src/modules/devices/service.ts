import { forbidden } from '../../lib/errors.js';
import type { AuthContext } from '../auth/service.js';
import type { DevicesRepo } from './repo.js';

export function createDevicesService({ repo }: { repo: DevicesRepo }) {
  return {
    async list(actor: AuthContext, projectId: number) {
      if (projectId !== actor.projectId) throw forbidden('This project is not yours.');
      return repo.listByProject(projectId);
    },
    belongsToProject: (deviceId: number, projectId: number) => repo.exists(deviceId, projectId),
  };
}

export type DevicesService = ReturnType<typeof createDevicesService>;
