import type { CannedReply, ZCannedReplyRequest } from '@ambassador/contracts';
import type { z } from 'zod';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { conflict, notFound } from '../../lib/errors.js';
import type { AuthContext } from '../auth/index.js';
import type { CannedRepo, CannedReplyRow } from './canned-repo.js';

const toReply = (row: CannedReplyRow): CannedReply => ({
  id: row.id,
  code: row.code,
  texts: row.texts,
  updated_at: new Date(row.updatedAt).toISOString(),
});

const codeTaken = () => conflict('Another saved reply already has this code.', 'canned_code_taken');
const missing = () => notFound('Saved reply not found.');

/** The project's saved replies, shared by its operators. */
export function createCannedService({ repo }: { repo: CannedRepo }) {
  /** A second reply with a code already used (in any case) is a 409, whoever saved first. */
  const unique = async <T>(write: () => Promise<T>) => {
    try {
      return await write();
    } catch (e) {
      if (isUniqueViolation(e)) throw codeTaken();
      throw e;
    }
  };
  type Input = z.output<typeof ZCannedReplyRequest>;
  return {
    list: async (actor: AuthContext) => (await repo.list(actor.projectId)).map(toReply),
    create: async (actor: AuthContext, input: Input) =>
      toReply(await unique(() => repo.insert(actor.projectId, input.code, input.texts))),
    async update(actor: AuthContext, id: number, input: Input) {
      const row = await unique(() => repo.update(actor.projectId, id, input.code, input.texts));
      if (!row) throw missing();
      return toReply(row);
    },
    async remove(actor: AuthContext, id: number) {
      if (!(await repo.remove(actor.projectId, id))) throw missing();
    },
  };
}

export type CannedService = ReturnType<typeof createCannedService>;
