import type { AuditEvent, AuditFilters, AuditQuery } from '@ambassador/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { saveFile } from '@/shared/lib/save-file';
import { auditKeys } from './audit-keys';

export type AuditPage = { events: AuditEvent[]; total: number };

/**
 * The filters as the query sends them. A blank device_id means every device: without it the client
 * would add the selected one.
 */
function queryOf(filters: AuditFilters) {
  return { ...filters, device_id: filters.device_id ?? '' };
}

/** GET /audit: one page of the trail, newest first. */
export async function getAudit(query: AuditQuery, signal?: AbortSignal): Promise<AuditPage> {
  const { data, total } = await api.get<AuditEvent[]>('/audit', queryOf(query), signal);
  return { events: data, total: total ?? data.length };
}

export function useAudit(query: AuditQuery) {
  return useQuery(
    queryOptions({
      queryKey: auditKeys.list(query),
      queryFn: ({ signal }) => getAudit(query, signal),
      placeholderData: keepPreviousData,
    }),
  );
}

/** GET /audit/actors: the usernames in the trail, for the user filter. */
export function useAuditActors() {
  return useQuery({
    queryKey: auditKeys.actors(),
    queryFn: async ({ signal }) => (await api.get<string[]>('/audit/actors', { device_id: '' }, signal)).data,
  });
}

/** GET /audit/export: the filtered trail as a CSV file, downloaded. */
export function useExportAudit() {
  return useMutation({
    mutationFn: async (filters: AuditFilters) => {
      const { blob, filename } = await api.file('/audit/export', queryOf(filters));
      saveFile(blob, filename ?? 'audit-trail.csv');
    },
  });
}
