import { BULK_MAX, ZBulkResult, ZOk, ZTopicsBulkRequest } from '@ambassador/contracts';
import { ok, type ContractApp } from '../../../lib/contract.js';
import { authOf, pinned } from '../../../plugins/guard.js';
import { AI_PAGE, AI_TAGS, INTENTS } from '../access.js';
import type { TopicsBulk } from './bulk.js';

/** One action on many topics: picked rows, or every topic the list's filter matches. */
export function topicsBulkRoutes(app: ContractApp, bulk: TopicsBulk) {
  app.post(
    `${INTENTS}/bulk`,
    {
      config: AI_PAGE,
      schema: {
        tags: AI_TAGS,
        summary: 'Activate, deactivate, move or delete many question topics at once',
        description:
          '`selection` is `{ ids }` or `{ all: true, filter }` (the list’s category_id, parent_id and search). ' +
          `At most ${BULK_MAX} topics. \`move\` takes \`category_id\`; a sub-topic moves with its parent, so one ` +
          'picked without its parent is `skipped`. `delete` takes sub-topics with their parent. All in one ' +
          'transaction; the answer’s `undo` ticket puts every change back (`POST /undo`).',
        body: ZTopicsBulkRequest,
        response: { 200: ZOk(ZBulkResult) },
      },
    },
    async (req) => {
      const result = await bulk.run(authOf(req), pinned(req, req.body));
      return ok(result, { message: `${result.count} question topics changed.` });
    },
  );
}
