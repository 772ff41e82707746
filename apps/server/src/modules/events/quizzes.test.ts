import { describe, expect, it } from 'vitest';
import {
  QUIZ_MAX_QUESTIONS,
  QUIZ_MAX_QUIZZES,
  type Quiz,
  type QuizPage,
  type QuizQuestion,
  type QuizSummary,
} from '@ambassador/contracts';
import { quizQuestions, quizzes } from '../../db/schema.js';
import { askable, eventCalls } from '../../test/events.js';
import { backends } from '../../test/harness.js';
import { projectFixture } from '../../test/project.js';
import { createDevice } from '../../test/sockets.js';

describe.each(backends)('the quiz library on %s', (kind) => {
  const t = projectFixture(kind, {
    devices: { lobby: 'Quiz Lobby Kiosk' },
    other: { foreign: 'Foreign Quiz Kiosk' },
  });
  const { admin, otherAdmin: other } = t;
  const { lobby, foreign } = t.devices;
  const { call, data, quiz, question, readyQuiz, event, save } = eventCalls(t, () => admin);

  const get = (id: number): Promise<Quiz> => data('GET', `/quiz/${id}?device_id=${lobby.id}`);

  it('adds a quiz in the device’s languages, with all five general pages off and empty', async () => {
    const made = await quiz(lobby.id, '  Planets  ', ['english', 'mandarin']);
    expect(made).toMatchObject({
      quiz_name: 'Planets',
      // In the order the product lists languages, whatever order they came in.
      languages: ['mandarin', 'english'],
      is_enabled_random_pick: false,
      pick_count: null,
      question_count: 0,
      ready_languages: [],
      used_by: [],
      questions: [],
    });
    expect(made.pages.map((p) => [p.page_type, p.is_on, p.contents])).toEqual([
      ['onboard', false, {}],
      ['correct', false, {}],
      ['incorrect', false, {}],
      ['ending', false, {}],
      ['retry', false, {}],
    ]);
    const page: QuizPage = await data('GET', `/quiz/${made.quiz_id}/ending?device_id=${lobby.id}`);
    expect(page).toEqual({ page_type: 'ending', is_on: false, contents: {} });
    const list: QuizSummary[] = await data('GET', `/quiz?device_id=${lobby.id}`);
    expect(list.map((q) => q.quiz_name)).toContain('Planets');

    const german = await call('POST', '/quiz', {
      device_id: lobby.id,
      quiz_name: 'Deutsch',
      languages: ['german'],
    });
    expect(german.statusCode).toBe(400);
    expect(german.json().error).toBe('language_not_offered');
  });

  it('adds questions last, pads buttons to whole rows, and says which languages each can be asked in', async () => {
    const made = await quiz(lobby.id, 'Colours', ['english', 'cantonese']);
    const blank = await question(lobby.id, made.quiz_id, {});
    expect(blank).toMatchObject({ title: 'New Question', max_attempt: 1, contents: {}, ready_languages: [] });
    const three = await question(lobby.id, made.quiz_id, {
      title: 'Sky',
      contents: {
        english: {
          ...askable(),
          buttons: {
            num_of_column: 2,
            values: [
              { text: 'Blue', payload: 'blue' },
              { text: 'Green', payload: 'green' },
              { text: 'Red', payload: '' },
            ],
          },
          correct_answers: ['blue', 'Red'],
        },
        // A draft: no buttons, no answer yet.
        cantonese: { text: '天空係咩色？' },
      },
    });
    expect(three.position).toBe(1);
    expect(three.contents.english!.buttons.values).toEqual([
      { text: 'Blue', payload: 'blue' },
      { text: 'Green', payload: 'green' },
      { text: 'Red', payload: '' },
      { text: '', payload: '' },
    ]);
    expect(three.ready_languages).toEqual(['english']);
    const summary = (await data('GET', `/quiz?device_id=${lobby.id}`)).find(
      (q: QuizSummary) => q.quiz_id === made.quiz_id,
    );
    // The blank question keeps the quiz from being ready anywhere.
    expect(summary).toMatchObject({ question_count: 2, ready_languages: [] });

    await data('DELETE', `/quiz/${made.quiz_id}/question/${blank.id}?device_id=${lobby.id}`);
    expect((await get(made.quiz_id)).ready_languages).toEqual(['english']);

    const elsewhere = await call('POST', `/quiz/${made.quiz_id}/question`, {
      device_id: lobby.id,
      contents: { mandarin: askable() },
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().error).toBe('language_not_offered');
    expect((await get(made.quiz_id)).question_count).toBe(1);
  });

  it('refuses more correct answers than buttons, or an answer no button gives, and keeps the question as it was', async () => {
    const made = await quiz(lobby.id, 'Strict', ['english', 'cantonese']);
    const q = await question(lobby.id, made.quiz_id, { title: 'Sky', contents: { english: askable() } });
    const put = (contents: object) =>
      call('PUT', `/quiz/${made.quiz_id}/question/${q.id}`, {
        device_id: lobby.id,
        title: 'Changed',
        max_attempt: 3,
        show_hints_when_failed: true,
        contents,
      });

    const tooMany = await put({ english: { ...askable(), correct_answers: ['blue', 'green', 'red'] } });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({
      error: 'validation_error',
      issues: [{ path: ['contents', 'english', 'correct_answers'], key: 'quiz_too_many_correct_answers' }],
    });
    const stray = await put({ cantonese: { ...askable(), correct_answers: ['purple'] } });
    expect(stray.statusCode).toBe(400);
    expect(stray.json().issues).toEqual([
      expect.objectContaining({
        path: ['contents', 'cantonese', 'correct_answers'],
        key: 'quiz_answer_not_a_button',
        message: 'A correct answer is not one of the buttons',
      }),
    ]);
    const added = await call('POST', `/quiz/${made.quiz_id}/question`, {
      device_id: lobby.id,
      contents: { english: { text: 'No buttons yet', correct_answers: ['blue'] } },
    });
    expect(added.statusCode).toBe(400);

    const kept: QuizQuestion = await data(
      'GET',
      `/quiz/${made.quiz_id}/question/${q.id}?device_id=${lobby.id}`,
    );
    expect(kept).toMatchObject({ title: 'Sky', max_attempt: 1, ready_languages: ['english'] });
    expect((await get(made.quiz_id)).question_count).toBe(1);

    const fine = await put({ english: { ...askable(), correct_answers: ['blue', 'green'] } });
    expect(fine.statusCode).toBe(200);
    expect(fine.json().data).toMatchObject({
      title: 'Changed',
      max_attempt: 3,
      show_hints_when_failed: true,
    });
  });

  it('orders questions as sent, and refuses an order that does not name exactly them', async () => {
    const made = await quiz(lobby.id, 'Order', ['english']);
    const ids = [];
    for (const title of ['One', 'Two', 'Three'])
      ids.push((await question(lobby.id, made.quiz_id, { title })).id);
    const reordered = await data('PUT', `/quiz/${made.quiz_id}`, {
      device_id: lobby.id,
      question_ids: [ids[2], ids[0], ids[1]],
      is_enabled_random_pick: true,
      pick_count: 2,
    });
    expect(reordered.questions.map((q: QuizQuestion) => q.title)).toEqual(['Three', 'One', 'Two']);
    expect(reordered).toMatchObject({ is_enabled_random_pick: true, pick_count: 2 });
    const stale = await call('PUT', `/quiz/${made.quiz_id}`, {
      device_id: lobby.id,
      question_ids: [ids[0], ids[1]],
    });
    expect(stale.statusCode).toBe(409);
    expect((await get(made.quiz_id)).questions.map((q) => q.title)).toEqual(['Three', 'One', 'Two']);
  });

  it('saves general pages per language of the quiz only', async () => {
    const made = await quiz(lobby.id, 'Pages', ['english', 'cantonese']);
    const saved: QuizPage = await data('PUT', `/quiz/${made.quiz_id}/onboard`, {
      device_id: lobby.id,
      is_on: true,
      contents: { english: { text: 'Ready?', speech: 'Are you ready?' }, cantonese: { text: '準備好未？' } },
    });
    expect(saved).toEqual({
      page_type: 'onboard',
      is_on: true,
      contents: {
        english: { text: 'Ready?', speech: 'Are you ready?', image_url: '' },
        cantonese: { text: '準備好未？', speech: '', image_url: '' },
      },
    });
    const pages = (await get(made.quiz_id)).pages;
    expect(pages.find((p) => p.page_type === 'onboard')).toEqual(saved);
    expect(pages.filter((p) => p.is_on)).toHaveLength(1);
    const elsewhere = await call('PUT', `/quiz/${made.quiz_id}/retry`, {
      device_id: lobby.id,
      is_on: true,
      contents: { mandarin: { text: '再试一次' } },
    });
    expect(elsewhere.json().error).toBe('language_not_offered');
    const badImage = await call('PUT', `/quiz/${made.quiz_id}/retry`, {
      device_id: lobby.id,
      is_on: true,
      contents: { english: { image_url: 'javascript:alert(1)' } },
    });
    expect(badImage.statusCode).toBe(400);
  });

  it('duplicates a quiz with its questions and pages as “<name> (copy)”', async () => {
    const made = await readyQuiz(lobby.id, 'Original', ['english']);
    await data('PUT', `/quiz/${made.quiz_id}/correct`, {
      device_id: lobby.id,
      is_on: true,
      contents: { english: { text: 'Well done!' } },
    });
    const copy: Quiz = await data('POST', `/quiz/${made.quiz_id}/duplicate`, { device_id: lobby.id });
    expect(copy.quiz_id).not.toBe(made.quiz_id);
    expect(copy).toMatchObject({
      quiz_name: 'Original (copy)',
      question_count: 1,
      ready_languages: ['english'],
    });
    expect(copy.questions[0]!.contents.english!.text).toBe('What colour is the sky?');
    expect(copy.pages.find((p) => p.page_type === 'correct')).toMatchObject({
      is_on: true,
      contents: { english: { text: 'Well done!' } },
    });
    // The copy is its own: deleting its question leaves the original's.
    await data('DELETE', `/quiz/${copy.quiz_id}/question/${copy.questions[0]!.id}`, { device_id: lobby.id });
    expect((await get(made.quiz_id)).question_count).toBe(1);
  });

  it('refuses to delete a quiz an event uses, naming the events, or to take off a language it is played in', async () => {
    const made = await readyQuiz(lobby.id, 'Shared', ['english', 'cantonese']);
    const flow = (key: string) => [{ type: 'quiz', key, quiz_id: made.quiz_id }];
    const spring = await event(lobby.id, 'Spring Fair', ['english', 'cantonese']);
    const autumn = await event(lobby.id, 'Autumn Fair', ['english']);
    expect((await save(lobby.id, spring.id, { flows: { cantonese: flow('q1') } })).statusCode).toBe(200);
    expect((await save(lobby.id, autumn.id, { flows: { english: flow('q1') } })).statusCode).toBe(200);

    const del = await call('DELETE', `/quiz/${made.quiz_id}`, { device_id: lobby.id });
    expect(del.statusCode).toBe(409);
    expect(del.json().error).toBe('quiz_in_use');
    expect(del.json().message).toContain('“Spring Fair”');
    expect(del.json().message).toContain('“Autumn Fair”');
    expect((await get(made.quiz_id)).used_by.map((e) => e.title).sort()).toEqual([
      'Autumn Fair',
      'Spring Fair',
    ]);

    const lose = await call('PUT', `/quiz/${made.quiz_id}`, { device_id: lobby.id, languages: ['english'] });
    expect(lose.statusCode).toBe(409);
    expect(lose.json()).toMatchObject({ error: 'quiz_in_use' });
    expect(lose.json().message).toContain('“Spring Fair”');
    expect(lose.json().message).not.toContain('Autumn');
    expect((await get(made.quiz_id)).languages).toEqual(['cantonese', 'english']);

    // Out of both flows, it goes.
    await save(lobby.id, spring.id, { flows: { cantonese: [] } });
    await save(lobby.id, autumn.id, { flows: { english: [] } });
    expect((await call('DELETE', `/quiz/${made.quiz_id}?device_id=${lobby.id}`)).statusCode).toBe(200);
    expect((await call('GET', `/quiz/${made.quiz_id}?device_id=${lobby.id}`)).statusCode).toBe(404);
  });

  it('keeps a quiz to its limits: questions per quiz, quizzes per device', async () => {
    const made = await quiz(lobby.id, 'Full', ['english']);
    await t.database.db.insert(quizQuestions).values(
      Array.from({ length: QUIZ_MAX_QUESTIONS }, (_, i) => ({
        quizId: made.quiz_id,
        position: i,
        title: `Q${i}`,
      })),
    );
    const more = await call('POST', `/quiz/${made.quiz_id}/question`, { device_id: lobby.id });
    expect(more.statusCode).toBe(409);
    expect(more.json().error).toBe('too_many_questions');

    const crowded = (await createDevice(t.app, admin, 'Crowded Quiz Kiosk')).id;
    await t.database.db
      .insert(quizzes)
      .values(Array.from({ length: QUIZ_MAX_QUIZZES }, (_, i) => ({ deviceId: crowded, name: `Quiz ${i}` })));
    const extra = await call('POST', '/quiz', {
      device_id: crowded,
      quiz_name: 'One more',
      languages: ['english'],
    });
    expect(extra.statusCode).toBe(409);
    expect(extra.json().error).toBe('too_many_quizzes');
  });

  it('keeps another project’s device and quizzes out of reach', async () => {
    const theirs = await eventCalls(t, () => other).quiz(foreign.id, 'Secret Quiz', ['english']);
    expect((await call('GET', `/quiz?device_id=${foreign.id}`)).statusCode).toBe(403);
    expect(
      (await call('POST', '/quiz', { device_id: foreign.id, quiz_name: 'Intruder', languages: ['english'] }))
        .statusCode,
    ).toBe(403);
    // Named with this project's device, their quiz is not there.
    expect((await call('GET', `/quiz/${theirs.quiz_id}?device_id=${lobby.id}`)).statusCode).toBe(404);
    const del = await call('DELETE', `/quiz/${theirs.quiz_id}`, { device_id: lobby.id });
    expect(del.statusCode).toBe(404);
    const rename = await call('PUT', `/quiz/${theirs.quiz_id}`, { device_id: lobby.id, quiz_name: 'pwned' });
    expect(rename.statusCode).toBe(404);
    const asThem = await eventCalls(t, () => other).data(
      'GET',
      `/quiz/${theirs.quiz_id}?device_id=${foreign.id}`,
    );
    expect(asThem.quiz_name).toBe('Secret Quiz');
  });
});
