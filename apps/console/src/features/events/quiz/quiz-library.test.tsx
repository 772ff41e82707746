import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import type {
  Language,
  QuestionContent,
  Quiz,
  QuizButton,
  QuizQuestion,
  QuizResults,
  QuizSummary,
} from '@ambassador/contracts';
import { changeUiLanguage } from '@/i18n/i18n';
import { LOGGED_OUT, authStore, type AuthState } from '@/shared/auth/auth-store';
import { snackbarStore } from '@/shared/ui/snackbar/snackbar-store';
import { fakeDownloads } from '@/shared/test/fake-downloads';
import { fakeServer, type FakeCall, type FakeReply } from '@/shared/test/fake-server';
import { fakeTus } from '@/shared/test/fake-tus';
import { renderWithApp, signedIn } from '@/shared/test/render-with-app';
import { EMPTY_CONTENT } from './lib/question-draft';
import { QuizLibrary } from './quiz-library';

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  authStore.set(LOGGED_OUT);
  await changeUiLanguage('en');
});

/** The operator's device offers English and Cantonese. */
const auth: AuthState = {
  ...signedIn,
  device_list: [{ id: 7, description: 'Lobby', kind: 'ambassador', languages: ['english', 'cantonese'] }],
};

const buttons = (...texts: string[]): QuizButton[] => texts.map((text) => ({ text, payload: '' }));

const content = (patch: Partial<QuestionContent> = {}): QuestionContent => ({ ...EMPTY_CONTENT, ...patch });

const question = (
  id: number,
  title: string,
  contents: Partial<Record<Language, QuestionContent>> = {},
): QuizQuestion => ({
  id,
  quiz_id: 1,
  position: id,
  title,
  max_attempt: 1,
  show_hints_when_failed: false,
  contents,
  ready_languages: [],
  updated_at: '2026-05-01T10:00:00Z',
});

const quiz = (quiz_id: number, quiz_name: string, patch: Partial<Quiz> = {}): Quiz => ({
  quiz_id,
  quiz_name,
  languages: ['english', 'cantonese'],
  is_enabled_random_pick: false,
  pick_count: null,
  question_count: patch.questions?.length ?? 0,
  ready_languages: [],
  used_by: [],
  updated_at: '2026-05-01T10:00:00Z',
  questions: [],
  pages: [],
  ...patch,
});

const summary = ({ questions, pages: _pages, ...rest }: Quiz): QuizSummary => ({
  ...rest,
  question_count: questions.length,
});

/** Nothing answered: every question of the quiz in each of its languages, at zero. */
const noAnswers = (q: Quiz): QuizResults => ({
  questions: q.languages.flatMap((language) =>
    q.questions.map((x) => ({
      quiz_id: q.quiz_id,
      question_id: x.id,
      title: x.title,
      language,
      answered: 0,
      correct: 0,
      correct_rate: null,
    })),
  ),
});

/**
 * The quiz calls over stored quizzes, as api.md has them. `refuse` answers a change instead (a
 * failure); `usedNow` names events that took a quiz up since the list was loaded; `results`
 * answers a quiz's results (nothing answered unless told), and its export some bytes.
 */
function quizServer(
  initial: Quiz[],
  {
    refuse,
    usedNow = {},
    results = noAnswers,
  }: {
    refuse?: (call: FakeCall) => FakeReply;
    usedNow?: Record<number, string[]>;
    results?: (quiz: Quiz) => QuizResults;
  } = {},
) {
  let quizzes = structuredClone(initial);
  let nextId = 50;
  const find = (id: number) => quizzes.find((q) => q.quiz_id === id);
  const calls = fakeServer((call) => {
    if (/^\/event_manager\/quiz\/\d+\/results\/export$/.test(call.path)) return { body: 'xlsx bytes' };
    const match = /^\/event_manager\/quiz(?:\/(\d+))?(?:\/(\w+))?(?:\/(\d+))?$/.exec(call.path);
    if (!match) return undefined;
    if (call.method !== 'GET') {
      const refused = refuse?.(call);
      if (refused) return refused;
    }
    const [, id, sub, questionId] = match;
    const body = (call.body ?? {}) as Record<string, unknown>;
    if (!id) {
      if (call.method === 'GET') return { body: quizzes.map(summary) };
      const created = quiz(nextId++, String(body.quiz_name).trim(), {
        languages: body.languages as Language[],
      });
      quizzes = [...quizzes, created];
      return { body: created };
    }
    const found = find(Number(id));
    if (!found) return { status: 404, body: { success: false, message: 'No quiz', error: 'not_found' } };
    if (!sub) {
      if (call.method === 'GET') return { body: found };
      if (call.method === 'DELETE') {
        const events = [...found.used_by.map((e) => e.title), ...(usedNow[found.quiz_id] ?? [])];
        if (events.length > 0) {
          found.used_by = events.map((title, i) => ({ id: i + 1, title }));
          return {
            status: 409,
            body: { success: false, message: `Used by ${events.join(', ')}`, error: 'quiz_in_use' },
          };
        }
        quizzes = quizzes.filter((q) => q !== found);
        return { body: null };
      }
      const { question_ids, device_id: _device, ...fields } = body;
      Object.assign(found, fields);
      if (Array.isArray(question_ids))
        found.questions = question_ids.map((q) => found.questions.find((x) => x.id === q)!);
      return { body: found };
    }
    if (sub === 'results') return { body: results(found) };
    if (sub === 'question') {
      if (call.method === 'POST') {
        const added = question(nextId++, 'New Question');
        found.questions = [...found.questions, added];
        return { body: added };
      }
      const target = found.questions.find((q) => q.id === Number(questionId))!;
      if (call.method === 'DELETE') {
        found.questions = found.questions.filter((q) => q !== target);
        return { body: null };
      }
      const { device_id: _device, ...fields } = body;
      Object.assign(target, fields);
      return { body: target };
    }
    // A general page.
    const { device_id: _device, ...page } = body;
    const saved = { page_type: sub, ...page } as Quiz['pages'][number];
    found.pages = [...found.pages.filter((p) => p.page_type !== sub), saved];
    return { body: saved };
  });
  return { calls, quizzes: () => quizzes };
}

const changes = (calls: FakeCall[], method: string) =>
  calls.filter((c) => c.method === method).map((c) => ({ path: c.path, body: c.body }));

/** Opens a quiz of the list and one of its questions (by test ids: role queries are slow on big dialogs). */
async function openQuestion(quizName: string, title: string) {
  fireEvent.click(await within(await screen.findByTestId('quiz-table')).findByText(quizName));
  const detail = await screen.findByTestId('quiz-detail');
  const button = await waitFor(() => {
    const found = within(detail)
      .getAllByTestId('quiz-question-open')
      .find((b) => b.textContent === title);
    if (!found) throw new Error(`no question ${title}`);
    return found;
  });
  fireEvent.click(button);
  return screen.findByTestId('question-dialog');
}

function chooseColumns(dialog: HTMLElement, n: number) {
  fireEvent.change(within(dialog).getByTestId('question-columns'), { target: { value: String(n) } });
}

const buttonTexts = (dialog: HTMLElement) =>
  within(dialog)
    .getAllByTestId('question-button')
    .map((cell) => (within(cell).getAllByRole('textbox')[0] as HTMLInputElement).value);

async function axeViolations(node: HTMLElement) {
  const result = await axe.run(node, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('QuizLibrary', () => {
  it('creates a quiz with a name and languages of the device, then opens it', async () => {
    const { calls } = quizServer([]);
    renderWithApp(<QuizLibrary deviceId={7} />, '/event', { auth });
    expect((await screen.findByTestId('table-empty')).textContent).toBe(
      'No quizzes yet. Add one to play it in an event.',
    );
    fireEvent.click(screen.getByTestId('quiz-add'));
    const dialog = await screen.findByTestId('quiz-dialog');
    // The device's languages only, every one ticked as a new event's are.
    expect(
      within(dialog)
        .getAllByRole('button', { pressed: true })
        .map((b) => b.textContent),
    ).toEqual(['English', 'Cantonese']);
    expect(within(dialog).queryAllByRole('button', { pressed: false })).toEqual([]);
    fireEvent.click(within(dialog).getByTestId('dialog-submit'));
    expect(await within(dialog).findByText('Name is required')).toBeTruthy();
    expect(within(dialog).queryByText('Choose at least one language')).toBeNull();
    fireEvent.click(within(dialog).getByTestId('quiz-language-cantonese'));
    fireEvent.click(within(dialog).getByTestId('quiz-language-english'));
    fireEvent.click(within(dialog).getByTestId('dialog-submit'));
    expect(await within(dialog).findByText('Choose at least one language')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    fireEvent.change(within(dialog).getByTestId('quiz-name'), { target: { value: ' Museum trail ' } });
    fireEvent.click(within(dialog).getByTestId('quiz-language-cantonese'));
    fireEvent.click(within(dialog).getByTestId('quiz-language-english'));
    expect(within(dialog).getByTestId('quiz-language-english').getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(within(dialog).getByTestId('dialog-submit'));
    await waitFor(() => expect(snackbarStore.get().text).toBe('Quiz added: Museum trail'));
    expect(changes(calls, 'POST')).toEqual([
      {
        path: '/event_manager/quiz',
        body: { device_id: 7, quiz_name: 'Museum trail', languages: ['cantonese', 'english'] },
      },
    ]);
    const row = await screen.findByTestId('quiz-row-50');
    expect(within(row).getByText('Cantonese, English')).toBeTruthy();
    const detail = await screen.findByTestId('quiz-detail');
    expect((await within(detail).findByRole('heading', { level: 2 })).textContent).toBe('Museum trail');
    expect(within(detail).getByTestId('quiz-questions-empty')).toBeTruthy();
  });

  it('pads the buttons to whole rows when the column count changes, and saves them so', async () => {
    const { calls } = quizServer([
      quiz(1, 'Animals', {
        questions: [
          question(1, 'Which one flies?', {
            english: content({
              text: 'Which one flies?',
              buttons: { num_of_column: 1, values: buttons('Owl', 'Cat', 'Dog') },
            }),
          }),
        ],
      }),
    ]);
    renderWithApp(<QuizLibrary deviceId={7} />, '/event', { auth });
    const dialog = await openQuestion('Animals', 'Which one flies?');
    expect(buttonTexts(dialog)).toEqual(['Owl', 'Cat', 'Dog']);

    chooseColumns(dialog, 2);
    expect(buttonTexts(dialog)).toEqual(['Owl', 'Cat', 'Dog', '']);
    expect(within(dialog).getByTestId('question-buttons').getAttribute('data-columns')).toBe('2');
    chooseColumns(dialog, 4);
    expect(buttonTexts(dialog)).toEqual(['Owl', 'Cat', 'Dog', '']);
    chooseColumns(dialog, 3);
    expect(buttonTexts(dialog)).toEqual(['Owl', 'Cat', 'Dog']);
    // A new row is a whole row; removing a button re-pads the rest.
    fireEvent.click(within(dialog).getByTestId('question-add-row'));
    expect(buttonTexts(dialog)).toEqual(['Owl', 'Cat', 'Dog', '', '', '']);
    fireEvent.change(within(dialog).getByTestId('question-button-text-3'), { target: { value: 'Bat' } });
    const remove = within(dialog).getByTestId('question-button-remove-1');
    expect(remove.getAttribute('aria-label')).toBe('Remove button 2');
    fireEvent.click(remove);
    expect(buttonTexts(dialog)).toEqual(['Owl', 'Dog', 'Bat']);
    chooseColumns(dialog, 2);
    expect(buttonTexts(dialog)).toEqual(['Owl', 'Dog', 'Bat', '']);

    fireEvent.click(within(dialog).getByTestId('dialog-submit'));
    await waitFor(() => expect(snackbarStore.get().text).toBe('Question saved: Which one flies?'));
    const put = changes(calls, 'PUT')[0]!;
    expect(put.path).toBe('/event_manager/quiz/1/question/1');
    expect((put.body as { contents: Record<string, QuestionContent> }).contents.english!.buttons).toEqual({
      num_of_column: 2,
      values: [...buttons('Owl', 'Dog', 'Bat'), { text: '', payload: '' }],
    });
    await waitFor(() => expect(screen.queryByTestId('question-dialog')).toBeNull());
  });

  it('marks correct answers with a checkbox per button, showing what a kiosk still needs', async () => {
    const { calls } = quizServer([
      quiz(1, 'Colours', {
        languages: ['english'],
        questions: [
          question(1, 'Sky', {
            english: content({
              text: 'What colour is the sky?',
              buttons: { num_of_column: 2, values: buttons('Red', 'Blue') },
            }),
          }),
        ],
      }),
    ]);
    renderWithApp(<QuizLibrary deviceId={7} />, '/event', { auth });
    const dialog = await openQuestion('Colours', 'Sky');
    const readiness = within(dialog).getByTestId('question-readiness-english');
    expect(readiness.textContent).toBe('English: 1 to do');
    expect(within(dialog).getByTestId('question-answers-notice').textContent).toBe(
      'Choose the correct answer',
    );

    const cell = (index: number) => within(dialog).getAllByTestId('question-button')[index]!;
    const blue = within(cell(1)).getByRole('checkbox', { name: 'Button 2 is a correct answer' });
    fireEvent.click(blue);
    expect((blue as HTMLInputElement).checked).toBe(true);
    expect(readiness.textContent).toBe('English: ready');
    expect(within(dialog).queryByTestId('question-answers-notice')).toBeNull();

    // The answer follows its button's new text.
    fireEvent.change(within(dialog).getByTestId('question-button-text-1'), { target: { value: 'Navy' } });
    expect((blue as HTMLInputElement).checked).toBe(true);
    // A blank button cannot be an answer; emptying the text leaves none.
    chooseColumns(dialog, 3);
    expect(within(cell(2)).getByRole('checkbox', { name: 'Button 3 is a correct answer' })).toHaveProperty(
      'disabled',
      true,
    );
    fireEvent.click(within(cell(0)).getByRole('checkbox', { name: 'Button 1 is a correct answer' }));

    fireEvent.click(within(dialog).getByTestId('dialog-submit'));
    await waitFor(() => expect(snackbarStore.get().text).toBe('Question saved: Sky'));
    const saved = (changes(calls, 'PUT')[0]!.body as { contents: Record<string, QuestionContent> }).contents;
    expect(saved.english!.correct_answers).toEqual(['Navy', 'Red']);
  });

  it('shows a refused save on its field, in the tab of its language', async () => {
    await changeUiLanguage('zhHant');
    quizServer([quiz(1, 'Animals', { questions: [question(1, 'Owl')] })], {
      refuse: (call) =>
        call.method === 'PUT'
          ? {
              status: 400,
              body: {
                success: false,
                message: 'Invalid input. contents.cantonese.text: Maximum 2000 characters',
                error: 'validation_error',
                issues: [
                  {
                    path: ['contents', 'cantonese', 'text'],
                    message: 'Maximum 2000 characters',
                    key: 'maximum_characters',
                    params: { max: 2000 },
                  },
                ],
              },
            }
          : undefined,
    });
    renderWithApp(<QuizLibrary deviceId={7} />, '/event', { auth });
    const dialog = await openQuestion('Animals', 'Owl');
    expect(within(dialog).getByTestId('question-language-english').getAttribute('aria-selected')).toBe(
      'true',
    );
    fireEvent.click(within(dialog).getByTestId('dialog-submit'));
    await waitFor(() =>
      expect(within(dialog).getByTestId('question-language-cantonese').getAttribute('aria-selected')).toBe(
        'true',
      ),
    );
    expect(within(dialog).getByText('最多 2000 個字元')).toBeTruthy();
    expect(snackbarStore.get()).toMatchObject({
      status: 'error',
      text: '輸入無效：contents.cantonese.text: 最多 2000 個字元',
    });
  });

  it('asks before closing a question with unsaved changes', async () => {
    const { calls } = quizServer([quiz(1, 'Animals', { questions: [question(1, 'Owl')] })]);
    renderWithApp(<QuizLibrary deviceId={7} />, '/event', { auth });
    const dialog = await openQuestion('Animals', 'Owl');
    // Unchanged: closes at once.
    fireEvent.click(within(dialog).getByTestId('dialog-cancel'));
    await waitFor(() => expect(screen.queryByTestId('question-dialog')).toBeNull());

    const again = await openQuestion('Animals', 'Owl');
    fireEvent.change(within(again).getByTestId('question-title'), { target: { value: 'Barn owl' } });
    fireEvent.click(within(again).getByTestId('dialog-cancel'));
    const ask = await screen.findByTestId('quit-editing-dialog');
    expect(within(ask).getByRole('heading').textContent).toBe('Quit without saving?');
    fireEvent.click(within(ask).getByTestId('dialog-cancel'));
    await waitFor(() => expect(screen.queryByTestId('quit-editing-dialog')).toBeNull());
    expect((within(again).getByTestId('question-title') as HTMLInputElement).value).toBe('Barn owl');
    fireEvent.click(within(again).getByTestId('dialog-cancel'));
    fireEvent.click(await screen.findByTestId('quit-editing-confirm'));
    await waitFor(() => expect(screen.queryByTestId('question-dialog')).toBeNull());
    expect(changes(calls, 'PUT')).toEqual([]);
  });

  it('refuses to delete a quiz events use and names them; a refusal from the server is translated', async () => {
    const { calls } = quizServer(
      [
        quiz(1, 'Animals', { used_by: [{ id: 4, title: 'Summer fair' }] }),
        quiz(2, 'Colours'),
        quiz(3, 'Old quiz'),
      ],
      { usedNow: { 2: ['Open day'] } },
    );
    renderWithApp(<QuizLibrary deviceId={7} />, '/event', { auth });
    expect(within(await screen.findByTestId('quiz-row-1')).getByText('Summer fair')).toBeTruthy();

    fireEvent.click(screen.getByTestId('quiz-delete-1'));
    let dialog = await screen.findByTestId('delete-dialog');
    expect(within(dialog).getByRole('heading').textContent).toBe('Delete quiz record?');
    expect(within(dialog).queryByTestId('delete-dialog-body')).toBeNull();
    expect(within(dialog).getByTestId('delete-dialog-refusal').textContent).toBe(
      'Used by “Summer fair”. Take the quiz out of these events before deleting it.',
    );
    expect(within(dialog).getByTestId('delete-confirm')).toHaveProperty('disabled', true);
    fireEvent.click(within(dialog).getByTestId('dialog-cancel'));
    await waitFor(() => expect(screen.queryByTestId('delete-dialog')).toBeNull());

    // An unused quiz goes.
    fireEvent.click(screen.getByTestId('quiz-delete-3'));
    dialog = await screen.findByTestId('delete-dialog');
    expect(within(dialog).queryByTestId('delete-dialog-refusal')).toBeNull();
    fireEvent.click(within(dialog).getByTestId('delete-confirm'));
    await waitFor(() => expect(screen.queryByTestId('quiz-row-3')).toBeNull());
    expect(snackbarStore.get().text).toBe('Quiz deleted: Old quiz');

    // Taken up by an event since the list loaded: the server refuses, in the operator's language.
    await changeUiLanguage('zhHant');
    fireEvent.click(screen.getByTestId('quiz-delete-2'));
    dialog = await screen.findByTestId('delete-dialog');
    fireEvent.click(within(dialog).getByTestId('delete-confirm'));
    await waitFor(() => expect(snackbarStore.get().status).toBe('error'));
    expect(snackbarStore.get().text).toBe('有活動正在使用此測驗。請先從這些活動中移除。');
    expect(await within(screen.getByTestId('quiz-row-2')).findByText('Open day')).toBeTruthy();
    expect(changes(calls, 'DELETE').map((c) => c.path)).toEqual([
      '/event_manager/quiz/3',
      '/event_manager/quiz/2',
    ]);
    expect(screen.getByTestId('quiz-row-1')).toBeTruthy();
  });

  it('puts the random-pick switch back when the save is refused, and reorders questions by keyboard', async () => {
    const { calls } = quizServer(
      [quiz(1, 'Animals', { questions: [question(1, 'Owl'), question(2, 'Cat'), question(3, 'Dog')] })],
      {
        refuse: (call) =>
          (call.body as { is_enabled_random_pick?: boolean }).is_enabled_random_pick !== undefined
            ? { status: 500, body: { success: false, message: 'Down', error: 'internal_error' } }
            : undefined,
      },
    );
    renderWithApp(<QuizLibrary deviceId={7} />, '/event', { auth });
    fireEvent.click(await screen.findByText('Animals'));
    const detail = await screen.findByTestId('quiz-detail');
    const pick = (await within(detail).findByTestId('quiz-random-pick')) as HTMLInputElement;
    fireEvent.click(pick);
    expect(pick.checked).toBe(true);
    await waitFor(() => expect(snackbarStore.get().status).toBe('error'));
    await waitFor(() => expect(pick.checked).toBe(false));

    fireEvent.click(within(detail).getByRole('button', { name: 'Move Owl down' }));
    await waitFor(() => expect(snackbarStore.get().text).toBe('Owl moved to position 2'));
    expect(
      within(detail)
        .getAllByTestId('quiz-question-open')
        .map((b) => b.textContent),
    ).toEqual(['Cat', 'Owl', 'Dog']);
    expect(changes(calls, 'PUT').at(-1)).toEqual({
      path: '/event_manager/quiz/1',
      body: { device_id: 7, question_ids: [2, 1, 3] },
    });
  });

  it('saves the general pages that changed, with an uploaded image, and has labels on every control', async () => {
    const { calls } = quizServer([quiz(1, 'Animals', { questions: [question(1, 'Owl')] })]);
    const tus = fakeTus();
    renderWithApp(<QuizLibrary deviceId={7} />, '/event', { auth });
    fireEvent.click(await screen.findByText('Animals'));
    fireEvent.click(await screen.findByTestId('quiz-general-pages'));
    const dialog = await screen.findByTestId('general-pages-dialog');
    expect(await axeViolations(dialog)).toEqual([]);

    const onboard = within(dialog).getByTestId('quiz-page-onboard');
    fireEvent.click(within(onboard).getByRole('switch', { name: 'Show the Onboard page' }));
    fireEvent.change(within(onboard).getByTestId('quiz-page-onboard-text'), {
      target: { value: 'Welcome!' },
    });
    fireEvent.change(within(onboard).getByTestId('quiz-page-onboard-image'), {
      target: {
        files: [new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'hello.png', { type: 'image/png' })],
      },
    });
    await waitFor(() => expect(within(onboard).getByTestId('quiz-page-onboard-image-preview')).toBeTruthy());
    expect(tus.uploads.map((u) => u.metadata)).toEqual([
      { device_id: '7', kind: 'image', filename: 'hello.png' },
    ]);

    fireEvent.click(within(dialog).getByTestId('dialog-submit'));
    await waitFor(() => expect(snackbarStore.get().text).toBe('General pages saved'));
    const url = within(onboard).getByTestId('quiz-page-onboard-image-preview').getAttribute('src');
    expect(changes(calls, 'PUT')).toEqual([
      {
        path: '/event_manager/quiz/1/onboard',
        body: {
          device_id: 7,
          is_on: true,
          contents: {
            english: { text: 'Welcome!', speech: '', image_url: url },
            cantonese: { text: '', speech: '', image_url: '' },
          },
        },
      },
    ]);
  });

  it('has labels on every control of the question dialog', async () => {
    quizServer([
      quiz(1, 'Animals', {
        questions: [
          question(1, 'Owl', {
            english: content({
              is_include_image: true,
              buttons: { num_of_column: 2, values: buttons('A', 'B') },
            }),
          }),
        ],
      }),
    ]);
    renderWithApp(<QuizLibrary deviceId={7} />, '/event', { auth });
    const dialog = await openQuestion('Animals', 'Owl');
    expect(await axeViolations(dialog)).toEqual([]);
    expect(await axeViolations(screen.getByTestId('quiz-library'))).toEqual([]);
  });
});

describe('QuizLibrary: results', () => {
  const animals = quiz(1, 'Animals', { questions: [question(1, 'Owl'), question(2, 'Cat')] });
  const answered = (
    question_id: number,
    title: string,
    language: Language,
    correct: number,
    of: number,
  ): QuizResults['questions'][number] => ({
    quiz_id: 1,
    question_id,
    title,
    language,
    answered: of,
    correct,
    correct_rate: of > 0 ? correct / of : null,
  });

  it('shows each question’s correct rate per language over the last 7 days, in the browser time zone', async () => {
    const { calls } = quizServer([animals], {
      results: () => ({
        questions: [
          answered(1, 'Owl', 'english', 3, 4),
          answered(2, 'Cat', 'english', 2, 2),
          answered(1, 'Owl', 'cantonese', 1, 3),
          answered(2, 'Cat', 'cantonese', 0, 0),
        ],
      }),
    });
    renderWithApp(<QuizLibrary deviceId={7} />, '/event', { auth });
    const action = await screen.findByTestId('quiz-results-1');
    expect(action.getAttribute('aria-label')).toBe('Results: Animals');
    fireEvent.click(action);
    const dialog = await screen.findByRole('dialog', { name: 'Results: Animals' });

    // 9 answered, 6 of them right.
    expect((await within(dialog).findByTestId('quiz-results-answered')).textContent).toBe('9');
    expect(within(dialog).getByTestId('quiz-results-rate').textContent).toBe('67%');
    const chart = within(dialog).getByRole('figure', { name: 'Correct rate per question and language' });
    expect(within(chart).getByText('English')).toBeTruthy();
    expect(within(chart).getByText('Cantonese')).toBeTruthy();

    const table = within(dialog).getByRole('table', { name: 'Questions' });
    // Languages in the contracts' order, as the event results have them.
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Question', 'Cantonese', 'English']);
    const cells = (row: string) =>
      within(within(table).getByTestId(row))
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(within(table).getByRole('rowheader', { name: 'Owl' })).toBeTruthy();
    expect(cells('results-question-1-1')).toEqual(['33% (1 of 3)', '75% (3 of 4)']);
    expect(cells('results-question-1-2')).toEqual(['—', '100% (2 of 2)']);
    expect(within(dialog).queryByTestId('quiz-results-empty')).toBeNull();

    const query = calls.find((c) => c.path === '/event_manager/quiz/1/results')!.query;
    const days =
      (Date.parse(query.get('end_datetime')!) - Date.parse(query.get('start_datetime')!)) / 86_400_000;
    expect(days).toBe(6);
    expect(query.get('tz')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(query.get('device_id')).toBe('7');
    expect(await axeViolations(dialog)).toEqual([]);

    // Another range asks again.
    fireEvent.click(within(dialog).getByRole('button', { name: '30 days' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/event_manager/quiz/1/results')).toHaveLength(2),
    );
  });

  it('opens from the quiz’s detail too, and exports the days shown as an xlsx', async () => {
    const { saved, restore } = fakeDownloads();
    const { calls } = quizServer([animals]);
    renderWithApp(<QuizLibrary deviceId={7} />, '/event', { auth });
    fireEvent.click(await within(await screen.findByTestId('quiz-table')).findByText('Animals'));
    const results = await within(await screen.findByTestId('quiz-detail')).findByTestId(
      'quiz-detail-results',
    );
    expect(results.textContent).toBe('Results');
    fireEvent.click(results);
    const dialog = await screen.findByRole('dialog', { name: 'Results: Animals' });
    await within(dialog).findByTestId('quiz-results-empty');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Export xlsx' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    const shown = calls.find((c) => c.path === '/event_manager/quiz/1/results')!.query;
    const start = shown.get('start_datetime')!;
    const end = shown.get('end_datetime')!;
    // The fake server names no file: the quiz and the days it covers.
    expect(saved).toEqual([`Animals ${start}–${end}.xlsx`]);
    const exported = calls.find((c) => c.path === '/event_manager/quiz/1/results/export')!.query;
    expect(Object.fromEntries(exported)).toEqual(Object.fromEntries(shown));
    await waitFor(() => expect(snackbarStore.get().text).toBe(`Saved Animals ${start}–${end}.xlsx`));
    restore();
  });

  it('says so when nothing was answered in these days, in the operator’s language', async () => {
    await changeUiLanguage('zhHant');
    quizServer([animals]);
    renderWithApp(<QuizLibrary deviceId={7} />, '/event', { auth });
    fireEvent.click(await screen.findByTestId('quiz-results-1'));
    const dialog = await screen.findByRole('dialog', { name: '結果：Animals' });
    expect((await within(dialog).findByTestId('quiz-results-empty')).textContent).toBe(
      '這段日子沒有人在任何活動中回答此測驗的問題。',
    );
    expect(within(dialog).getByTestId('quiz-results-answered').textContent).toBe('0');
    expect(within(dialog).getByTestId('quiz-results-rate').textContent).toBe('—');
    expect(within(dialog).queryByRole('figure')).toBeNull();
    expect(within(dialog).queryByRole('table')).toBeNull();
    expect(await axeViolations(dialog)).toEqual([]);
  });
});
