import type { DirectoryUnit, ZAutoCompleteResponse } from '@ambassador/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/shared/api/client';
import { interfaceKeys } from './interface-keys';

/** What a banner can open on the kiosk: a question topic or a directory unit of its device. */
export interface LinkTarget {
  kind: 'topic' | 'unit';
  id: number;
  label: string;
}

/** A unit as the link shows it: its number and the occupant's first name given. */
export const unitLabel = (u: Pick<DirectoryUnit, 'unit' | 'names'>) =>
  [u.unit, Object.values(u.names).find((n) => n && n.trim() !== '')].filter(Boolean).join(' ');

/**
 * Up to 10 topics whose name matches `text` (GET /ai_config/intents/auto_complete) and up to 10
 * units whose number, name, phone or email does (GET /directory); with no text, the first units.
 */
export async function searchLinkTargets(
  deviceId: number,
  text: string,
  signal?: AbortSignal,
): Promise<LinkTarget[]> {
  const [topics, units] = await Promise.all([
    text
      ? api
          .get<z.infer<typeof ZAutoCompleteResponse>>(
            '/ai_config/intents/auto_complete',
            { text, device_id: deviceId },
            signal,
          )
          .then((r) => r.data)
      : Promise.resolve([]),
    api
      .get<DirectoryUnit[]>('/directory', { device_id: deviceId, search: text, limit: 10, offset: 0 }, signal)
      .then((r) => r.data),
  ]);
  return [
    ...topics.map((t) => ({ kind: 'topic' as const, id: t.id, label: t.name })),
    ...units.map((u) => ({ kind: 'unit' as const, id: u.id, label: unitLabel(u) })),
  ];
}

export function useLinkTargets(deviceId: number, text: string, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: [...interfaceKeys.all, 'link_targets', deviceId, text] as const,
      queryFn: ({ signal }) => searchLinkTargets(deviceId, text, signal),
      enabled,
      placeholderData: keepPreviousData,
      staleTime: 10_000,
    }),
  );
}
