import {
  type BulkResult,
  type LocationsBulkRequest,
  type UndoTicket,
  MAP_DATA_FIELD,
  MAP_FILE_FIELD,
  MAX_PAGE_SIZE,
  type KioskPosition,
  type Location,
  type LocationCategoryColumn,
  type LocationCategoryNode,
  type LocationFields,
  type LocationImportReport,
  type LocationMap,
  type MapPoint,
  type MapUploadFields,
  type NamedLocations,
} from '@ambassador/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, request } from '@/shared/api/client';
import { saveFile } from '@/shared/lib/save-file';
import { useSelectedDeviceId, type SelectedDeviceId } from '@/shared/auth/use-selected-device';

const BASE = '/location_map';

export type LocationListParams = { limit: number; offset: number; search: string; category_ids: number[] };

/**
 * Query keys of locations and maps: every key starts with `['locations', deviceId]`, so one
 * invalidation of `locationKeys.device(id)` refreshes the screen after any change.
 */
export const locationKeys = {
  device: (deviceId: SelectedDeviceId) => ['locations', deviceId] as const,
  list: (deviceId: SelectedDeviceId, params: LocationListParams) =>
    [...locationKeys.device(deviceId), 'list', params] as const,
  maps: (deviceId: SelectedDeviceId) => [...locationKeys.device(deviceId), 'maps'] as const,
  mapUsers: (deviceId: SelectedDeviceId, mapId: number) =>
    [...locationKeys.device(deviceId), 'map_users', mapId] as const,
  position: (deviceId: SelectedDeviceId) => [...locationKeys.device(deviceId), 'position'] as const,
  tree: (deviceId: SelectedDeviceId) => [...locationKeys.device(deviceId), 'tree'] as const,
  column: (deviceId: SelectedDeviceId, categoryId: number | null) =>
    [...locationKeys.device(deviceId), 'column', categoryId] as const,
};

/** A mutation of this device's locations or maps that refreshes everything of them when it is done. */
function useDeviceMutation<I, O>(run: (deviceId: number, input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  const deviceId = useSelectedDeviceId();
  return useMutation({
    mutationFn: async (input: I) => {
      if (deviceId === null) throw new Error('no device');
      return run(deviceId, input);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: locationKeys.device(deviceId) }),
  });
}

/** A query of this device's locations or maps (not before a device is chosen). */
function useDeviceQuery<T>(
  key: readonly unknown[],
  get: (deviceId: number, signal: AbortSignal) => Promise<T>,
) {
  const deviceId = useSelectedDeviceId();
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) => get(deviceId!, signal),
    enabled: deviceId !== null,
  });
}

async function getLocations(deviceId: number, params: LocationListParams, signal?: AbortSignal) {
  const { data, total } = await api.get<Location[]>(
    `${BASE}/locations`,
    {
      device_id: deviceId,
      limit: params.limit,
      offset: params.offset,
      ...(params.search && { search: params.search }),
      ...(params.category_ids.length > 0 && { category_ids: params.category_ids.join(',') }),
    },
    signal,
  );
  return { rows: data, total: total ?? data.length };
}

/** GET /location_map/locations: a page of the device's locations, with the total for the pager. */
export function useLocations(params: LocationListParams) {
  const deviceId = useSelectedDeviceId();
  return useQuery({
    queryKey: locationKeys.list(deviceId, params),
    queryFn: ({ signal }) => getLocations(deviceId!, params, signal),
    enabled: deviceId !== null,
    placeholderData: keepPreviousData,
  });
}

/** POST /location_map/locations (add) or PUT /location_map/locations/{id} (edit, every field). */
export function useSaveLocation() {
  return useDeviceMutation(
    async (device_id, { id, fields }: { id?: number; fields: Omit<LocationFields, 'device_id'> }) => {
      const body = { ...fields, device_id };
      const { data } =
        id === undefined
          ? await api.post<Location>(`${BASE}/locations`, body)
          : await api.put<Location>(`${BASE}/locations/${id}`, body);
      return data;
    },
  );
}

/** The fields of a location as read, to send back with a change (a PUT sends every field). */
export function locationFields(location: Location): Omit<LocationFields, 'device_id'> {
  return {
    name: location.name,
    category_ids: location.categories.map((c) => c.category_id),
    selected_details: location.selected_details,
    map_id: location.map_id,
    poi: location.poi,
    image: location.image,
    is_active: location.is_active,
    details: location.details,
    aliases: location.aliases,
  };
}

/** DELETE a location: the answer is its undo ticket. */
export function useDeleteLocation() {
  return useDeviceMutation(
    async (device_id, id: number) =>
      (await request<UndoTicket>('DELETE', `${BASE}/locations/${id}`, { query: { device_id } })).data,
  );
}

/** POST /location_map/locations/bulk: delete the picked ones, or all the list's filter matches. */
export function useBulkDeleteLocations() {
  return useDeviceMutation(
    async (device_id, selection: LocationsBulkRequest['selection']) =>
      (await api.post<BulkResult>(`${BASE}/locations/bulk`, { device_id, action: 'delete', selection })).data,
  );
}

/** After an undo: every list and count of the device's locations. */
export function useRefreshLocations() {
  const queryClient = useQueryClient();
  const deviceId = useSelectedDeviceId();
  return () => queryClient.invalidateQueries({ queryKey: locationKeys.device(deviceId) });
}

/** GET /location_map/maps: the device's floor plans in floor order. */
export function useMaps() {
  const deviceId = useSelectedDeviceId();
  return useDeviceQuery(locationKeys.maps(deviceId), async (device_id, signal) =>
    [...(await api.get<LocationMap[]>(`${BASE}/maps`, { device_id }, signal)).data].sort(
      (a, b) => a.floor_order - b.floor_order,
    ),
  );
}

/**
 * The names of the locations with a point on a map (to say why it cannot be deleted): read from the
 * list, a page of 100 at a time, until `count` were found.
 */
export function useMapUsers(mapId: number | null, count: number) {
  const deviceId = useSelectedDeviceId();
  return useQuery({
    queryKey: locationKeys.mapUsers(deviceId, mapId ?? 0),
    queryFn: async ({ signal }) => {
      const names: string[] = [];
      for (let offset = 0; names.length < count; offset += MAX_PAGE_SIZE) {
        const page = await getLocations(
          deviceId!,
          { limit: MAX_PAGE_SIZE, offset, search: '', category_ids: [] },
          signal,
        );
        names.push(...page.rows.filter((l) => l.map_id === mapId).map((l) => l.name));
        if (offset + MAX_PAGE_SIZE >= page.total) break;
      }
      return names;
    },
    enabled: deviceId !== null && mapId !== null && count > 0,
  });
}

/** POST /location_map/maps (multipart): a floor plan (an image, or a page of a PDF) and its name. */
export function useUploadMap() {
  return useDeviceMutation(async (device_id, { file, fields }: { file: File; fields: MapUploadFields }) => {
    const form = new FormData();
    form.append(MAP_DATA_FIELD, JSON.stringify(fields));
    form.append(MAP_FILE_FIELD, file, file.name);
    return (await api.upload<LocationMap>(`${BASE}/maps`, form, { device_id })).data;
  });
}

/** PUT /location_map/maps/{id}: rename (the rename_map dialog). */
export function useRenameMap() {
  return useDeviceMutation(
    async (device_id, { id, name }: { id: number; name: string }) =>
      (await api.put<LocationMap>(`${BASE}/maps/${id}`, { device_id, name })).data,
  );
}

/** PUT /location_map/maps/order: every map of the device in its new floor order. */
export function useReorderMaps() {
  return useDeviceMutation(
    async (device_id, map_ids: number[]) =>
      (await api.put<LocationMap[]>(`${BASE}/maps/order`, { device_id, map_ids })).data,
  );
}

/** DELETE /location_map/maps/{id}: refused (map_in_use) while locations have a point on it. */
export function useDeleteMap() {
  return useDeviceMutation((device_id, id: number) =>
    request<null>('DELETE', `${BASE}/maps/${id}`, { query: { device_id } }),
  );
}

/** GET /location_map/kiosk_position: where the selected device stands ("you are here"), or null. */
export function useKioskPosition() {
  const deviceId = useSelectedDeviceId();
  return useDeviceQuery(
    locationKeys.position(deviceId),
    async (device_id, signal) =>
      (await api.get<KioskPosition | null>(`${BASE}/kiosk_position`, { device_id }, signal)).data,
  );
}

/** PUT /location_map/kiosk_position (a point on a map), or DELETE it (null). */
export function useSetKioskPosition() {
  return useDeviceMutation(async (device_id, position: { map_id: number; poi: MapPoint } | null) =>
    position
      ? (await api.put<KioskPosition>(`${BASE}/kiosk_position`, { device_id, ...position })).data
      : (await request<null>('DELETE', `${BASE}/kiosk_position`, { query: { device_id } })).data,
  );
}

/** GET /location_map/categories/tree: the device's category layers, nested. */
export function useLocationCategoryTree() {
  const deviceId = useSelectedDeviceId();
  return useDeviceQuery(
    locationKeys.tree(deviceId),
    async (device_id, signal) =>
      (await api.get<LocationCategoryNode[]>(`${BASE}/categories/tree`, { device_id }, signal)).data,
  );
}

/** GET /location_map/categories/column: one layer (the top one without category_id) and its locations. */
export function useLocationCategoryColumn(categoryId: number | null) {
  const deviceId = useSelectedDeviceId();
  return useDeviceQuery(
    locationKeys.column(deviceId, categoryId),
    async (device_id, signal) =>
      (
        await api.get<LocationCategoryColumn>(
          `${BASE}/categories/column`,
          { device_id, ...(categoryId !== null && { category_id: categoryId }) },
          signal,
        )
      ).data,
  );
}

export function useCreateLocationCategory() {
  return useDeviceMutation(
    async (device_id, { name, parentId }: { name: string; parentId: number | null }) =>
      (await api.post<unknown>(`${BASE}/categories`, { device_id, category: name, parent_id: parentId }))
        .data,
  );
}

export function useRenameLocationCategory() {
  return useDeviceMutation(
    async (device_id, { id, name }: { id: number; name: string }) =>
      (await api.put<unknown>(`${BASE}/categories/${id}`, { device_id, category: name })).data,
  );
}

export function useDeleteLocationCategory() {
  return useDeviceMutation((device_id, id: number) =>
    request<{ categories: number; locations: number }>('DELETE', `${BASE}/categories/${id}`, {
      query: { device_id },
    }),
  );
}

/** POST /location_map/locations/import: what a workbook would do (preview), or doing it (apply). */
export function useImportLocations() {
  return useDeviceMutation(async (device_id, { file, mode }: { file: File; mode: 'preview' | 'apply' }) => {
    const form = new FormData();
    form.append('file', file, file.name);
    return (await api.upload<LocationImportReport>(`${BASE}/locations/import`, form, { device_id, mode }))
      .data;
  });
}

/** GET /location_map/locations/export: the device's locations as a workbook, saved by the browser. */
export function useExportLocations() {
  return useDeviceMutation(async (device_id, fallbackName: string) => {
    const file = await api.file(`${BASE}/locations/export`, { device_id });
    saveFile(file.blob, file.filename ?? fallbackName);
  });
}

/**
 * POST /location_map/named: which of these phrases (a topic's) name a place of the device outright,
 * so that a visitor asking one gets the place with its map instead of the topic.
 */
export function useNamedLocations(texts: readonly string[]) {
  const deviceId = useSelectedDeviceId();
  return useQuery({
    queryKey: [...locationKeys.device(deviceId), 'named', texts] as const,
    queryFn: async () =>
      (await api.post<NamedLocations>(`${BASE}/named`, { device_id: deviceId, texts })).data,
    enabled: deviceId !== null && texts.length > 0,
  });
}
