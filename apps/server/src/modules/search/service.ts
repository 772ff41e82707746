import { SEARCH_KINDS, SEARCH_PER_KIND, canOpen, type SearchResult } from '@ambassador/contracts';
import type { SearchSource } from '../../core/module.js';
import type { AuthContext } from '../auth/index.js';

/**
 * The console's search over one device: every module's kinds at once, the best few of each, and
 * only those of pages the caller's role and page access open.
 */
export function createSearchService({ sources }: { sources: () => readonly SearchSource[] }) {
  return {
    async search(auth: AuthContext, deviceId: number, text: string): Promise<SearchResult> {
      const all = sources();
      const open = all.filter((source) => canOpen(auth.pageAccess, source.page));
      const hidden = [...new Set(all.filter((s) => !open.includes(s)).map((s) => s.kind))];
      const scope = { deviceId, projectId: auth.projectId };
      const found = await Promise.all(open.map((source) => source.find(scope, text, SEARCH_PER_KIND)));
      const rank = (kind: (typeof SEARCH_KINDS)[number]) => SEARCH_KINDS.indexOf(kind);
      // A stable sort: each kind keeps its own closest-first order.
      const hits = found.flat().sort((a, b) => rank(a.kind) - rank(b.kind));
      return { hits, hidden: hidden.sort((a, b) => rank(a) - rank(b)) };
    },
  };
}
export type SearchService = ReturnType<typeof createSearchService>;
