import type { AuditQuery } from '@ambassador/contracts';

/** Query keys of the audit trail. */
export const auditKeys = {
  all: ['audit'] as const,
  list: (query: AuditQuery) => [...auditKeys.all, 'list', query] as const,
  actors: () => [...auditKeys.all, 'actors'] as const,
};
