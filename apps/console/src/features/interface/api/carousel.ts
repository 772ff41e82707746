import type { CarouselBanner } from '@ambassador/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
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
 * POST /carousel/media: banners from images already uploaded (resumable uploads), by media id.
 * Answers the whole list.
 */
export async function attachBanners(deviceId: number, mediaIds: number[]): Promise<CarouselBanner[]> {
  return (await api.post<CarouselBanner[]>('/carousel/media', { device_id: deviceId, media_ids: mediaIds }))
    .data;
}

export type UpdateCarouselBody = {
  device_id: number;
  banners: Array<{
    image_id: number;
    link_topic_id: number | null;
    link_unit_id: number | null;
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
