import type { Language, SmallTalkQuestions, SmallTalkSettings, TopicFilter } from '@ambassador/contracts';
import { fakeServer, type FakeCall, type FakeReply } from '@/shared/test/fake-server';
import { signedIn } from '@/shared/test/render-with-app';

/** Test support only: operator on a device offering English (its default) and Cantonese. */
export const auth = {
  ...signedIn,
  device_list: [
    {
      id: 7,
      description: 'Lobby',
      kind: 'ambassador' as const,
      languages: ['english', 'cantonese'] as Language[],
    },
  ],
};

export const starter = (language: Language): SmallTalkQuestions => ({
  language,
  is_starter: true,
  updated_at: null,
  items: [
    { id: 1, questions: ['hello', 'hi'], answer: 'Hello! How can I help?', speech: '' },
    { id: 2, questions: ['thank you'], answer: 'You are welcome.', speech: 'You are very welcome.' },
    { id: 3, questions: ['bye'], answer: 'Goodbye!', speech: '' },
  ],
});

/**
 * The small-talk API over stored state, like the real server: lists per language (the starter set
 * until saved), the two switches, a topic filter per offered language and the prompt. `refuse` makes
 * a call fail.
 */
export function smallTalkServer(refuse?: (call: FakeCall) => FakeReply) {
  const state = {
    settings: { is_enabled_smalltalk: true, is_enabled_topic_filter: false } as SmallTalkSettings,
    lists: {} as Partial<Record<Language, SmallTalkQuestions>>,
    filters: (['english', 'cantonese'] as Language[]).map((language): TopicFilter => ({
      language,
      topics: [],
      speech: '',
      text: '',
    })),
    prompt: 'You are a friendly museum guide.',
  };
  let nextId = 100;
  const calls = fakeServer((call) => {
    if (!call.path.startsWith('/small_talk/')) return undefined;
    const refused = refuse?.(call);
    if (refused) return refused;
    const body = call.body as Record<string, unknown>;
    switch (`${call.method} ${call.path}`) {
      case 'GET /small_talk/settings':
        return { body: state.settings };
      case 'PUT /small_talk/settings': {
        const { device_id: _, ...changes } = body;
        state.settings = { ...state.settings, ...changes };
        return { body: state.settings };
      }
      case 'GET /small_talk/questions': {
        const language = (call.query.get('language') ?? 'cantonese') as Language;
        return { body: state.lists[language] ?? starter(language) };
      }
      case 'PUT /small_talk/questions': {
        const language = body.language as Language;
        if (body.reset) delete state.lists[language];
        else {
          const items = (body.items as SmallTalkQuestions['items']).map((item) => ({
            ...item,
            speech: item.speech ?? '',
            id: item.id ?? nextId++,
          }));
          state.lists[language] = { language, items, is_starter: false, updated_at: '2026-11-25T00:00:00Z' };
        }
        return { body: state.lists[language] ?? starter(language) };
      }
      case 'GET /small_talk/topic_filters':
        return { body: state.filters };
      case 'PUT /small_talk/topic_filters': {
        const { device_id: _, ...filter } = body as TopicFilter & { device_id: number };
        state.filters = state.filters.map((f) => (f.language === filter.language ? filter : f));
        return { body: filter };
      }
      case 'GET /small_talk/prompt':
        return { body: { prompt: state.prompt } };
      case 'PUT /small_talk/prompt':
        state.prompt = body.prompt as string;
        return { body: { prompt: state.prompt } };
    }
    return undefined;
  });
  return { calls, state };
}

export const writes = (calls: FakeCall[], path: string) =>
  calls.filter((c) => c.method === 'PUT' && c.path === path).map((c) => c.body);
