import type { DeviceKind, Language } from '@ambassador/contracts';
import { useSelectedDeviceId, type SelectedDeviceId } from '@/shared/auth/use-selected-device';

/** The device every AI call works on (its device_id): the selected device, or null before one exists. */
export type AiDeviceId = SelectedDeviceId;
/** Selected device for AI queries; a device change gives new keys, so every AI query refetches. */
export const useAiDeviceId = useSelectedDeviceId;

export type TopicListParams = {
  limit: number;
  offset: number;
  search?: string;
  category_id?: number;
  parent_id?: number;
  sort_by?: string;
  order?: 'asc' | 'desc';
};

/**
 * Query keys of the AI feature. Every key starts with `['ai', deviceId]`, so:
 * - invalidating `aiKeys.all` refreshes everything AI of every device;
 * - invalidating `aiKeys.device(id)` refreshes everything AI of one device;
 * - the narrower prefixes (`topics`, `keywordsOf`, `responsesOf` …) refresh one area.
 */
export const aiKeys = {
  all: ['ai'] as const,
  device: (deviceId: AiDeviceId) => [...aiKeys.all, deviceId] as const,

  categories: (deviceId: AiDeviceId) => [...aiKeys.device(deviceId), 'categories'] as const,
  settings: (deviceId: AiDeviceId) => [...aiKeys.device(deviceId), 'settings'] as const,
  /** What-if counts of an answer confidence over the device's recent questions. */
  confidencePreviews: (deviceId: AiDeviceId) => [...aiKeys.device(deviceId), 'confidence_preview'] as const,
  confidencePreview: (deviceId: AiDeviceId, value: number, limit: number) =>
    [...aiKeys.confidencePreviews(deviceId), value, limit] as const,
  /** The live version, the draft's changes since, the versions kept. */
  versions: (deviceId: AiDeviceId) => [...aiKeys.device(deviceId), 'versions'] as const,
  /** Training… / Ready: refetched with everything else of the device after a change. */
  matcherStatus: (deviceId: AiDeviceId) => [...aiKeys.device(deviceId), 'matcher_status'] as const,

  /** Prefix of every topic query (lists, single topics, nav, auto-complete). */
  topics: (deviceId: AiDeviceId) => [...aiKeys.device(deviceId), 'topics'] as const,
  topicLists: (deviceId: AiDeviceId) => [...aiKeys.topics(deviceId), 'list'] as const,
  topicList: (deviceId: AiDeviceId, params: TopicListParams) =>
    [...aiKeys.topicLists(deviceId), params] as const,
  topic: (deviceId: AiDeviceId, id: number) => [...aiKeys.topics(deviceId), 'detail', id] as const,
  nav: (deviceId: AiDeviceId, id: number) => [...aiKeys.topics(deviceId), 'nav', id] as const,
  autoComplete: (deviceId: AiDeviceId, text: string) =>
    [...aiKeys.topics(deviceId), 'auto_complete', text] as const,
  avatarMotion: (deviceId: AiDeviceId, intentId: number) =>
    [...aiKeys.topics(deviceId), 'avatar_motion', intentId] as const,

  keywords: (deviceId: AiDeviceId) => [...aiKeys.device(deviceId), 'keywords'] as const,
  keywordsOf: (deviceId: AiDeviceId, intentId: number, language?: Language) =>
    language === undefined
      ? ([...aiKeys.keywords(deviceId), intentId] as const)
      : ([...aiKeys.keywords(deviceId), intentId, language] as const),
  keywordCheck: (deviceId: AiDeviceId, intentId: number, language: Language, text: string) =>
    [...aiKeys.keywords(deviceId), 'check', intentId, language, text] as const,
  buttonPayloads: (deviceId: AiDeviceId, language: Language) =>
    [...aiKeys.keywords(deviceId), 'button_payloads', language] as const,

  responses: (deviceId: AiDeviceId) => [...aiKeys.device(deviceId), 'responses'] as const,
  responsesOf: (deviceId: AiDeviceId, intentId: number, language?: Language, deviceType?: DeviceKind) =>
    [...aiKeys.responses(deviceId), intentId, language ?? null, deviceType ?? null] as const,

  /** Column browser and diagram tree (C2). */
  finder: (deviceId: AiDeviceId) => [...aiKeys.device(deviceId), 'finder'] as const,
  columnFinder: (deviceId: AiDeviceId, categoryId: number | null) =>
    [...aiKeys.finder(deviceId), 'column', categoryId] as const,
  finderTree: (deviceId: AiDeviceId) => [...aiKeys.finder(deviceId), 'tree'] as const,

  /** Aliases (C2). */
  entities: (deviceId: AiDeviceId) => [...aiKeys.device(deviceId), 'entities'] as const,
  entityList: (deviceId: AiDeviceId, params: Record<string, unknown>) =>
    [...aiKeys.entities(deviceId), 'list', params] as const,
  aliasFinder: (deviceId: AiDeviceId, params: Record<string, unknown>) =>
    [...aiKeys.entities(deviceId), 'alias_finder', params] as const,

  /** Device transfers (C2). */
  transfers: (deviceId: AiDeviceId) => [...aiKeys.device(deviceId), 'transfers'] as const,
};
