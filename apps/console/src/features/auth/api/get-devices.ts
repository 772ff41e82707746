import type { Device } from '@ambassador/contracts';
import { api } from '@/shared/api/client';

/** GET /interface/devices?project_id: the project's devices (never scoped by device_id). */
export async function getDevices(projectId: number): Promise<Device[]> {
  const { data } = await api.get<Device[]>('/interface/devices', { project_id: projectId });
  return data;
}
