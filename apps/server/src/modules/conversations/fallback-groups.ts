import {
  FALLBACK_GROUP_MAX_QUESTIONS,
  FALLBACK_GROUPS_MAX,
  FALLBACK_GROUPS_MAX_QUESTIONS,
  type FallbackGroup,
  type FallbackGroups,
  type Language,
  type TopicFromGroup,
  type ZFallbackGroupsQuery,
  type ZTopicFromGroupRequest,
} from '@ambassador/contracts';
import type { z } from 'zod';
import type { Clock } from '../../lib/clock.js';
import { dayRange, rethrowUnknownZone } from '../../lib/day-range.js';
import { AppError } from '../../lib/errors.js';
import { groupTexts } from '../../nlu/cluster.js';
import type { VectorService } from '../../nlu/vectors.js';
import type { TopicsService } from '../ai/index.js';
import type { ConversationsRepo } from './repo.js';

type Question = Awaited<ReturnType<ConversationsRepo['fallbackQuestions']>>['rows'][number];

/**
 * What visitors ask that nothing answers, grouped by meaning (Conversation Review): the questions
 * that fell back in a range, embedded once (stored as source `conversations`, so the next look
 * costs a read), grouped per device by the sentence encoder, largest group first; and a topic made
 * from a group in one step. Lexical only, or with the embedder down, questions are grouped by their
 * wording alone, and the answer says so.
 */
export function createFallbackGroups({
  repo,
  vectors,
  topics,
  clock,
}: {
  repo: ConversationsRepo;
  vectors: Pick<VectorService, 'lookup' | 'background' | 'model'> | undefined;
  topics: Pick<TopicsService, 'createTopic' | 'train'>;
  clock: Clock;
}) {
  /** One device's questions grouped: by meaning when every question has a vector, else by wording. */
  async function groupDevice(deviceId: number, questions: Question[]) {
    const texts = questions.map((q) => q.text);
    const found = await vectors?.lookup(deviceId, 'conversations', 'query', texts);
    if (!vectors || !found?.complete)
      return { byMeaning: false, groups: texts.map((_, i) => ({ members: [i], typical: i })) };
    const background = await vectors.background();
    return { byMeaning: true, groups: groupTexts(texts, found.vectors, background) };
  }

  return {
    async groups(deviceIds: number[], f: z.output<typeof ZFallbackGroupsQuery>): Promise<FallbackGroups> {
      const { rows, truncated } = await repo
        .fallbackQuestions(deviceIds, dayRange(f), FALLBACK_GROUPS_MAX_QUESTIONS)
        .catch(rethrowUnknownZone);
      const byDevice = new Map<number, Question[]>();
      for (const r of rows) {
        const list = byDevice.get(r.deviceId);
        if (list) list.push(r);
        else byDevice.set(r.deviceId, [r]);
      }
      const names = await repo.deviceNames([...byDevice.keys()]);
      const candidateIds = [...new Set(rows.flatMap((r) => (r.candidateId === null ? [] : [r.candidateId])))];
      const candidates = await repo.topicNames([...byDevice.keys()], candidateIds);
      let byMeaning = Boolean(vectors?.model());
      const out: FallbackGroup[] = [];
      for (const [deviceId, questions] of byDevice) {
        const grouped = await groupDevice(deviceId, questions);
        byMeaning &&= grouped.byMeaning;
        for (const g of grouped.groups) {
          // Rows come most asked first; members are indexes in that order.
          const members = g.members.map((i) => questions[i]!);
          out.push({
            device_id: deviceId,
            device_name: names.get(deviceId) ?? '',
            label: questions[g.typical]!.text,
            count: members.reduce((n, q) => n + q.count, 0),
            questions: members.slice(0, FALLBACK_GROUP_MAX_QUESTIONS).map((q) => ({
              text: q.text,
              language: q.language as Language,
              count: q.count,
              last_at: q.lastAt.toISOString(),
            })),
            candidate: commonCandidate(members, candidates),
          });
        }
      }
      out.sort((a, b) => b.count - a.count || b.questions.length - a.questions.length);
      return {
        by: byMeaning ? 'meaning' : 'wording',
        groups: out.slice(0, FALLBACK_GROUPS_MAX),
        questions: rows.length,
        truncated,
      };
    },

    /**
     * A new topic, taught the chosen questions in their languages; the fallbacks asked in those
     * wordings count as trained into it, so the group leaves the list. A name already taken is
     * refused before anything changes.
     */
    async createTopic(input: z.output<typeof ZTopicFromGroupRequest>): Promise<TopicFromGroup> {
      const topic = await topics.createTopic({
        device_id: input.device_id,
        name: input.name,
        category_id: input.category_id,
        remarks: '',
      });
      let taught = 0;
      const seen = new Set<string>();
      for (const q of input.questions) {
        const key = `${q.language}\u0000${q.text.toLowerCase()}`;
        if (seen.has(key)) continue;
        seen.add(key);
        try {
          await topics.train({
            device_id: input.device_id,
            intent_id: topic.id,
            language: q.language,
            text: q.text,
          });
          taught++;
        } catch (e) {
          if (!(e instanceof AppError && e.code === 'keyword_exists')) throw e;
        }
      }
      const conversations = await repo.trainFallbacks(
        input.device_id,
        [...new Set(input.questions.map((q) => q.text))],
        topic.id,
        clock.now(),
      );
      return { topic: { id: topic.id, name: topic.intent_name }, taught, conversations };
    },
  };
}

/** The candidate topic most of the group's asks came closest to, if it still exists. */
function commonCandidate(members: Question[], names: Map<number, string>) {
  const votes = new Map<number, number>();
  for (const q of members)
    if (q.candidateId !== null && names.has(q.candidateId))
      votes.set(q.candidateId, (votes.get(q.candidateId) ?? 0) + q.count);
  let best: number | null = null;
  for (const [id, n] of votes) if (best === null || n > votes.get(best)!) best = id;
  return best === null ? null : { id: best, name: names.get(best)! };
}

export type FallbackGroupsService = ReturnType<typeof createFallbackGroups>;
