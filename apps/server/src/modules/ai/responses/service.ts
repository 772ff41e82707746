import type {
  AiResponse,
  DeviceKind,
  Language,
  ResponseContent,
  ZCreateResponseRequest,
  ZUpdateResponseRequest,
} from '@ambassador/contracts';
import type { z } from 'zod';
import type { Clock } from '../../../lib/clock.js';
import { notFound } from '../../../lib/errors.js';
import type { ResponseRow, ResponsesRepo } from './repo.js';
import type { TopicsRepo } from '../topics/repo.js';
import type { AiChangeListener } from '../changes.js';

export function toResponse(r: ResponseRow): AiResponse {
  return {
    id: r.id,
    intent_id: r.topicId,
    language: r.language as Language,
    device_type: r.deviceType,
    response_aim: r.responseAim as AiResponse['response_aim'],
    response_type: r.responseType as AiResponse['response_type'],
    speech: r.speech,
    custom_content: r.customContent,
    contents: r.contents as ResponseContent[],
    updated_at: r.updatedAt.toISOString(),
  };
}

export type ResponseFields = Omit<z.output<typeof ZCreateResponseRequest>, 'device_id' | 'intent_id'>;

/** The stored columns of a response's fields, as the contract parsed them. */
export const responseColumns = (f: ResponseFields) => ({
  language: f.language,
  deviceType: f.device_type,
  responseAim: f.response_aim,
  responseType: f.response_type,
  speech: f.speech,
  customContent: f.custom_content,
  // Contents arrive parsed by the contract, so buttons are already padded to whole rows.
  contents: f.contents,
});

export function createResponsesService({
  repo,
  topics,
  clock,
  listener,
}: {
  repo: ResponsesRepo;
  topics: TopicsRepo;
  clock: Clock;
  listener: AiChangeListener;
}) {
  const responseMissing = () => notFound('Response not found.');

  return {
    async list(deviceId: number, topicId: number, filter: { language?: Language; deviceType?: DeviceKind }) {
      if (!(await topics.topicRow(deviceId, topicId))) throw notFound('Question topic not found.');
      const rows = await repo.list(deviceId, [topicId], {
        ...(filter.language && { language: filter.language }),
        ...(filter.deviceType && { deviceType: filter.deviceType }),
      });
      return rows.map(toResponse);
    },

    async create(input: z.output<typeof ZCreateResponseRequest>) {
      const { device_id: deviceId, intent_id: topicId, ...fields } = input;
      if (!(await topics.topicRow(deviceId, topicId))) throw notFound('Question topic not found.');
      const now = clock.now();
      const row = await repo.insert({
        topicId,
        deviceId,
        ...responseColumns(fields),
        createdAt: now,
        updatedAt: now,
      });
      listener.changed(deviceId, [topicId]);
      return toResponse(row);
    },

    async update(input: z.output<typeof ZUpdateResponseRequest>) {
      const { device_id: deviceId, id, ...fields } = input;
      const row = await repo.update(deviceId, id, { ...responseColumns(fields), updatedAt: clock.now() });
      if (!row) throw responseMissing();
      listener.changed(deviceId, [row.topicId]);
      return toResponse(row);
    },

    async remove(deviceId: number, id: number) {
      const row = await repo.remove(deviceId, id);
      if (!row) throw responseMissing();
      listener.changed(deviceId, [row.topicId]);
    },
  };
}

export type ResponsesService = ReturnType<typeof createResponsesService>;
