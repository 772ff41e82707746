import type { Device } from '@ambassador/contracts';
import { api } from '@/shared/api/client';

/**
 * GET /interface/devices?project_id: the project's devices (never scoped by device_id). The session's
 * device list: loaded at sign-in, and again after a device is added, renamed or retired.
 */
export async function getDevices(projectId: number): Promise<Device[]> {
  const { data } = await api.get<Device[]>('/interface/devices', { project_id: projectId });
  return data;
}
