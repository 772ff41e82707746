import type { Activity, Event, EventSummary, Flows, Language, QuizSummary } from '@ambassador/contracts';
import { fakeServer, type FakeCall, type FakeReply } from '@/shared/test/fake-server';

/** Test support only: events of device 7 and the admin API behind them. */

export const video = (key: string, url = '/media/welcome.mp4'): Activity => ({
  type: 'video',
  key,
  repeat_option: 'once',
  repeat_times: null,
  url,
});
export const tts = (key: string, script = 'Welcome', speech = 'Welcome'): Activity => ({
  type: 'tts',
  key,
  script,
  speech,
  is_countdown: false,
  countdown: null,
  image_url: '',
});
export const nlp = (key: string): Activity => ({ type: 'nlp', key });

export function anEvent(id: number, title: string, flows: Flows, extra: Partial<Event> = {}): Event {
  const languages = (extra.languages ?? Object.keys(flows)) as Language[];
  return {
    id,
    title,
    languages,
    is_active: false,
    is_complete: true,
    created_at: '2026-03-01T10:00:00Z',
    updated_at: '2026-03-01T10:00:00Z',
    flows,
    version: 1,
    updated_by: 'admin',
    ...extra,
  };
}

export const summaryOf = ({ flows: _f, version: _v, updated_by: _u, ...summary }: Event): EventSummary =>
  summary;

export const aQuiz = (quiz_id: number, name: string, languages: Language[]): QuizSummary => ({
  quiz_id,
  quiz_name: name,
  languages,
  is_enabled_random_pick: false,
  pick_count: null,
  question_count: 2,
  ready_languages: languages,
  used_by: [],
  updated_at: '2026-03-01T10:00:00Z',
});

export type EventsServer = {
  events: Event[];
  quizzes: QuizSummary[];
  calls: FakeCall[];
};

/**
 * GET overview / event / quiz and PUT event over stored events; `put` may answer a PUT instead
 * (a refusal), `other` any other call.
 */
export function eventsServer(
  events: Event[],
  {
    quizzes = [],
    put,
    other,
  }: {
    quizzes?: QuizSummary[];
    put?: (call: FakeCall, event: Event) => FakeReply;
    other?: (call: FakeCall) => FakeReply;
  } = {},
): EventsServer {
  const state = { events, quizzes, calls: [] as FakeCall[] };
  state.calls = fakeServer((call) => {
    if (call.path === '/event_manager/overview') {
      const active = state.events.find((e) => e.is_active);
      return { body: { events: state.events.map(summaryOf), active: active ? summaryOf(active) : null } };
    }
    if (call.path === '/event_manager/quiz' && call.method === 'GET') return { body: state.quizzes };
    const match = /^\/event_manager\/event\/(\d+)$/.exec(call.path);
    const event = match ? state.events.find((e) => e.id === Number(match[1])) : undefined;
    if (event && call.method === 'GET') return { body: structuredClone(event) };
    if (event && call.method === 'PUT') {
      const refused = put?.(call, event);
      if (refused) return refused;
      Object.assign(event, call.body, { version: event.version + 1 });
      return { body: structuredClone(event) };
    }
    return other?.(call);
  });
  return state;
}

/** The PUTs the page sent, their bodies. */
export const puts = (calls: FakeCall[]) =>
  calls.filter((c) => c.method === 'PUT').map((c) => c.body as Record<string, unknown>);
