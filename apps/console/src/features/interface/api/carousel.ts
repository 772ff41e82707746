import type { CarouselBanner } from '@ambassador/contracts';
import i18n from 'i18next';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@/shared/api/api-error';
import { API_BASE, api } from '@/shared/api/client';
import { authStore } from '@/shared/auth/auth-store';
import { interfaceKeys } from './interface-keys';

/** GET /carousel: the device's banners in order. */
export async function getCarousel(deviceId: number, signal?: AbortSignal): Promise<CarouselBanner[]> {
  const { data } = await api.get<CarouselBanner[]>('/carousel', { device_id: deviceId }, signal);
  return data;
}

export function carouselQueryOptions(deviceId: number | null) {
  return queryOptions({
    queryKey: interfaceKeys.carousel(deviceId),
    queryFn: ({ signal }) => getCarousel(deviceId as number, signal),
    enabled: deviceId !== null,
  });
}

export function useCarousel(deviceId: number | null) {
  return useQuery(carouselQueryOptions(deviceId));
}

/**
 * POST /carousel/upload with one image, reporting the bytes sent (fetch cannot: an XMLHttpRequest
 * can). Answers the whole list; a refusal is an ApiError with the server's code.
 */
export function uploadBanner(
  deviceId: number,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<CarouselBanner[]> {
  const form = new FormData();
  form.append('device_id', String(deviceId));
  form.append('files', file, file.name);
  const auth = authStore.get();
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}/carousel/upload?device_id=${deviceId}`);
    xhr.setRequestHeader('Accept', 'application/json');
    if (auth.access_token) xhr.setRequestHeader('access_token', auth.access_token);
    if (auth.auth_project_id !== null) xhr.setRequestHeader('auth_project_id', String(auth.auth_project_id));
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onerror = () => reject(new ApiError(0, i18n.t('errors.network'), 'network_error'));
    xhr.onload = () => {
      let body: { success?: boolean; data?: CarouselBanner[]; message?: string; error?: string } | undefined;
      try {
        body = JSON.parse(xhr.responseText) as typeof body;
      } catch {
        body = undefined;
      }
      // As the API client does: a token that no longer works goes back to the login screen.
      if (xhr.status === 401) authStore.clear();
      if (xhr.status === 200 && body?.success) resolve(body.data ?? []);
      else reject(new ApiError(xhr.status, body?.message ?? `HTTP ${xhr.status}`, body?.error));
    };
    xhr.send(form);
  });
}

export type UpdateCarouselBody = {
  device_id: number;
  banners: Array<{
    image_id: number;
    link_topic_id: number | null;
    show_from: string | null;
    show_until: string | null;
  }>;
};

/** PUT /carousel: the whole list in its new order, with links and schedules. */
export function useUpdateCarousel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: UpdateCarouselBody) => (await api.put<CarouselBanner[]>('/carousel', body)).data,
    onSuccess: (banners, body) => queryClient.setQueryData(interfaceKeys.carousel(body.device_id), banners),
    // A refused save: back to what the server has.
    onError: (_e, body) =>
      void queryClient.invalidateQueries({ queryKey: interfaceKeys.carousel(body.device_id) }),
  });
}

/** DELETE /carousel: one banner and its image. */
export function useDeleteBanner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { device_id: number; image_id: number }) =>
      (await api.delete<CarouselBanner[]>('/carousel', body)).data,
    onSuccess: (banners, body) => queryClient.setQueryData(interfaceKeys.carousel(body.device_id), banners),
  });
}
