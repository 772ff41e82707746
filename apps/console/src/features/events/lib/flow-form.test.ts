import { describe, expect, it } from 'vitest';
import type { EventResults } from '@ambassador/contracts';
import {
  checkDraft,
  duplicated,
  isDirty,
  markAt,
  markedLanguages,
  newActivity,
  newActivityKey,
  quizFacts,
  serverMarks,
  type EventDraft,
} from './flow-form';
import { activitiesByLanguage, questionTable } from './results';

const draft = (flows: EventDraft['flows']): EventDraft => ({
  title: 'Open day',
  languages: Object.keys(flows) as EventDraft['languages'],
  flows,
});

describe('flow form', () => {
  it('gives new activities a key the server accepts, unique each time', () => {
    const keys = new Set(Array.from({ length: 50 }, newActivityKey));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(/^[A-Za-z0-9_-]{1,40}$/);
  });

  it('marks each failing field by the activity, so a mark follows a reordered activity', () => {
    const video = { ...newActivity('video', 'v1'), repeat_option: null };
    const quiz = { ...newActivity('quiz', 'q1'), quiz_id: 5 } as const;
    const d = draft({ english: [newActivity('nlp', 'n1'), video, quiz], cantonese: [] });
    const marks = checkDraft(d, quizFacts([{ quiz_id: 5, languages: ['cantonese'], ready_languages: [] }]));
    expect(markAt(marks, { language: 'english', key: 'v1', field: 'repeat_option' })?.key).toBe(
      'field_required',
    );
    expect(markAt(marks, { language: 'english', key: 'v1', field: 'url' })?.key).toBe('event_video_required');
    expect(markAt(marks, { language: 'english', key: 'q1', field: 'quiz_id' })?.key).toBe(
      'event_quiz_language',
    );
    expect(markAt(marks, { language: 'cantonese', key: null, field: null })?.key).toBe('event_flow_empty');
    expect(markedLanguages(marks, ['mandarin', 'english', 'cantonese'])).toEqual(['english', 'cantonese']);
  });

  it('plays a new video once unless told otherwise, so its upload is all it needs', () => {
    const video = newActivity('video', 'v1');
    expect(video).toMatchObject({ repeat_option: 'once' });
    const uploaded = { ...video, url: '/media/intro.mp4' };
    expect([...checkDraft(draft({ english: [uploaded] }), quizFacts([])).keys()]).toEqual([]);
  });

  it('places the server refusal (flows.<language>.<index>.<field>) on the activity that was sent', () => {
    const flows = { english: [newActivity('nlp', 'n1'), newActivity('tts', 't1')] };
    const marks = serverMarks(
      [
        {
          path: ['flows', 'english', 1, 'speech'],
          key: 'field_required',
          params: {},
          message: 'Field required!',
        },
        { path: ['title'], key: 'name_required', params: {}, message: 'Name is required' },
      ],
      flows,
    );
    expect([...marks.keys()]).toEqual(['english|t1|speech']);
  });

  it('duplicates an activity after itself with its own key, and tells a changed draft', () => {
    const d = draft({ english: [newActivity('tts', 't1'), newActivity('nlp', 'n1')] });
    const flow = duplicated(d.flows.english!, 0, 'copy');
    expect(flow.map((a) => a.key)).toEqual(['t1', 'copy', 'n1']);
    expect(isDirty(d, draft({ english: [...d.flows.english!] }))).toBe(false);
    expect(isDirty({ ...d, flows: { english: flow } }, d)).toBe(true);
  });
});

describe('results', () => {
  it('groups activities per language in flow order, and questions per language', () => {
    const results: EventResults = {
      runs_started: 3,
      runs_finished: 1,
      by_outcome: { finished: 1, left: 2, idle: 0, stopped: 0 },
      days: [],
      activities: [
        { language: 'english', index: 1, key: 'b', type: 'quiz', reached: 2, dropped: 1 },
        { language: 'cantonese', index: 0, key: 'c', type: 'video', reached: 1, dropped: 0 },
        { language: 'english', index: 0, key: 'a', type: 'video', reached: 3, dropped: 1 },
      ],
      questions: [
        {
          quiz_id: 1,
          question_id: 2,
          title: 'Capital?',
          language: 'english',
          answered: 2,
          correct: 1,
          correct_rate: 0.5,
        },
        {
          quiz_id: 1,
          question_id: 2,
          title: 'Capital?',
          language: 'cantonese',
          answered: 1,
          correct: 1,
          correct_rate: 1,
        },
      ],
    };
    expect(activitiesByLanguage(results).map(([l, list]) => [l, list.map((a) => a.key)])).toEqual([
      ['cantonese', ['c']],
      ['english', ['a', 'b']],
    ]);
    const table = questionTable(results.questions);
    expect(table.languages).toEqual(['cantonese', 'english']);
    expect(table.rows).toHaveLength(1);
    expect(table.rows[0]!.byLanguage.english?.correct_rate).toBe(0.5);
  });
});
