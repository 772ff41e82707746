import type { Language } from '@ambassador/contracts';

/** Query keys of Small Talk: the switches, each language's list, the topic filters and the prompt, by device. */
export const smallTalkKeys = {
  all: ['small_talk'] as const,
  device: (deviceId: number | null) => [...smallTalkKeys.all, deviceId] as const,
  settings: (deviceId: number | null) => [...smallTalkKeys.device(deviceId), 'settings'] as const,
  questions: (deviceId: number | null, language: Language | null) =>
    [...smallTalkKeys.device(deviceId), 'questions', language] as const,
  topicFilters: (deviceId: number | null) => [...smallTalkKeys.device(deviceId), 'topic_filters'] as const,
  prompt: (deviceId: number | null) => [...smallTalkKeys.device(deviceId), 'prompt'] as const,
};
