import type { Language, MrcAnswer, MrcProject } from '@ambassador/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { mrcKeys } from './mrc-keys';

export type MrcQueryBody = { device_id: number; text: string; language?: Language; session_id?: string };

/** GET /mrc/projects: the device's document index (built_at null before it was built). */
export async function getProject(deviceId: number): Promise<MrcProject> {
  const { data } = await api.get<MrcProject>('/mrc/projects', { device_id: deviceId });
  return data;
}

/** POST /mrc/projects {device_id}: builds the device's index. */
export async function createProject(deviceId: number): Promise<MrcProject> {
  const { data } = await api.post<MrcProject>('/mrc/projects', { device_id: deviceId });
  return data;
}

/** POST /mrc/query: what the device would answer from its documents. Changes nothing. */
export async function queryDocuments(body: MrcQueryBody): Promise<MrcAnswer> {
  const { data } = await api.post<MrcAnswer>('/mrc/query', body);
  return data;
}

/**
 * The query flow: read the project, create it when it is missing (never built), then query.
 * The project is asked only until it is known to be built.
 */
export function useAskDocuments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: MrcQueryBody) => {
      const key = mrcKeys.project(body.device_id);
      let project = queryClient.getQueryData<MrcProject>(key);
      if (!project?.built_at) {
        project = await getProject(body.device_id);
        if (project.built_at === null) project = await createProject(body.device_id);
        queryClient.setQueryData(key, project);
      }
      return queryDocuments(body);
    },
  });
}
