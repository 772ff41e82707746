import type { RetentionSettings } from '@ambassador/contracts';
import type { Clock } from '../../lib/clock.js';
import type { AuthContext } from '../auth/index.js';
import type { RetentionRepo } from './repo.js';

const DAY_MS = 86_400_000;

/**
 * How long a project keeps its visitor conversations. Keep for ever unless an admin sets a
 * number of days; then a daily job deletes conversations (and visitor sessions) older than that.
 */
export function createRetentionService({ repo, clock }: { repo: RetentionRepo; clock: Clock }) {
  return {
    async get(actor: AuthContext): Promise<RetentionSettings> {
      return { conversation_retention_days: await repo.days(actor.projectId) };
    },

    async set(actor: AuthContext, input: RetentionSettings): Promise<RetentionSettings> {
      await repo.setDays(actor.projectId, input.conversation_retention_days);
      return this.get(actor);
    },

    /** The daily job: each project with a retention period, its old rows deleted in batches. */
    async purge() {
      const result = { projects: 0, conversations: 0, sessions: 0, vectors: 0 };
      for (const project of await repo.withRetention()) {
        const before = new Date(clock.now().getTime() - project.days! * DAY_MS);
        result.projects++;
        const purged = await repo.purgeConversations(project.id, before);
        result.conversations += purged;
        result.sessions += await repo.purgeSessions(project.id, before);
        if (purged > 0) result.vectors += await repo.pruneQuestionVectors(project.id);
      }
      return result;
    },
  };
}

export type RetentionService = ReturnType<typeof createRetentionService>;
