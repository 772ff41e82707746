import type { Topic } from '@ambassador/contracts';

/** Test support only: a question topic as the server sends it. */
export function aTopic(id: number, name: string, patch: Partial<Topic> = {}): Topic {
  return {
    id,
    intent_id: id,
    intent_name: name,
    category_id: 1,
    category_name: 'Facilities',
    parent_id: null,
    parent_name: null,
    remarks: '',
    is_activated: true,
    is_enabled_related_intents: false,
    avatar_motion: null,
    keyword_count: 0,
    response_count: 0,
    sub_topic_count: 0,
    created_at: '2025-01-01T00:00:00Z',
    updated_at: '2025-01-01T00:00:00Z',
    ...patch,
  };
}
