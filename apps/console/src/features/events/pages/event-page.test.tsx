import { afterEach, describe, expect, it, vi } from 'vitest';
import { LIVE_EVENT } from '@ambassador/contracts';
import { act, cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { changeUiLanguage } from '@/i18n/i18n';
import { LOGGED_OUT, authStore } from '@/shared/auth/auth-store';
import { dispatchLiveEvent } from '@/shared/realtime/live-socket';
import { fakeTus } from '@/shared/test/fake-tus';
import { renderWithApp } from '@/shared/test/render-with-app';
import { snackbarStore } from '@/shared/ui/snackbar/snackbar-store';
import { aQuiz, anEvent, eventsServer, nlp, puts, tts, video } from '../test/fixtures';
import { EventPage } from './event-page';

// MUI dialogs in jsdom on a busy 2-core machine: a second is too tight.
configure({ asyncUtilTimeout: 5000 });

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  authStore.set(LOGGED_OUT);
  await changeUiLanguage('en');
});

const open = () => renderWithApp(<EventPage />, '/event', { dataRouter: true });

/** Opens the editor of an event from the list, once it has loaded. */
async function edit(eventId: number) {
  fireEvent.click(await screen.findByTestId(`event-edit-${eventId}`));
  // Save waits for the event and the quiz library (the rules need it).
  await waitFor(() => expect(screen.getByTestId('event-save').hasAttribute('disabled')).toBe(false));
  return screen.getByTestId('event-dialog');
}

const tab = (language: string) => screen.getByTestId(`event-language-${language}`);

describe('EventPage', () => {
  it('lists the events with the current one first and highlighted', async () => {
    eventsServer([
      anEvent(1, 'Spring fair', { english: [nlp('a')] }),
      anEvent(2, 'Open day', { english: [nlp('b')] }, { is_active: true }),
      anEvent(3, 'Draft', { english: [] }, { is_complete: false }),
    ]);
    open();
    const rows = await screen.findAllByTestId(/^event-row-/);
    expect(rows.map((r) => r.getAttribute('data-testid'))).toEqual([
      'event-row-2',
      'event-row-1',
      'event-row-3',
    ]);
    expect(within(rows[0]!).getByTestId('event-current').textContent).toBe('Current');
    expect(rows[0]!.classList.contains('Mui-selected')).toBe(true);
    expect(within(rows[2]!).getByText('Incomplete')).toBeTruthy();
    expect(within(rows[0]!).getByTestId('event-control-2')).toBeTruthy();
    expect(within(rows[1]!).getByTestId('event-make-current-1')).toBeTruthy();
  });

  it('creates an event from its name and languages, then opens its editor', async () => {
    const server = eventsServer([], {
      other: (call) => {
        if (call.path !== '/event_manager/event' || call.method !== 'POST') return undefined;
        const created = anEvent(9, 'Open day', { english: [] }, { is_complete: false });
        server.events.push(created);
        return { body: created };
      },
    });
    open();
    fireEvent.click(await screen.findByTestId('add-event'));
    const naming = await screen.findByRole('dialog', { name: 'Create event' });
    fireEvent.click(within(naming).getByTestId('event-naming-submit'));
    expect(await within(naming).findByText('Name is required')).toBeTruthy();
    expect(within(naming).getByText('Choose at least one language')).toBeTruthy();

    fireEvent.change(within(naming).getByTestId('event-naming-title'), { target: { value: 'Open day' } });
    fireEvent.click(within(naming).getByTestId('event-naming-language-english'));
    fireEvent.click(within(naming).getByTestId('event-naming-submit'));
    await waitFor(() => expect(screen.getByTestId('event-save').hasAttribute('disabled')).toBe(false));
    const editor = screen.getByTestId('event-dialog');
    expect(editor.getAttribute('data-mode')).toBe('add');
    expect(within(editor).getByRole('heading', { level: 2 }).textContent).toContain('New event: Open day');
    expect(server.calls.find((c) => c.method === 'POST')?.body).toEqual({
      device_id: 7,
      title: 'Open day',
      languages: ['english'],
    });
  });

  it('on save marks every failing field, says Fields incompleted and marks the tab of that language', async () => {
    const server = eventsServer([
      anEvent(1, 'Open day', {
        english: [nlp('a')],
        cantonese: [video('v', ''), tts('t', '', 'Hello')],
      }),
    ]);
    open();
    const dialog = await edit(1);
    expect(tab('english').getAttribute('aria-selected')).toBe('true');

    fireEvent.click(within(dialog).getByTestId('event-save'));

    expect(snackbarStore.get()).toMatchObject({ status: 'error', text: 'Fields incompleted' });
    // The language with the failures is shown, its tab marked; the complete one is not.
    await waitFor(() => expect(tab('cantonese').getAttribute('aria-selected')).toBe('true'));
    expect(tab('cantonese').textContent).toBe('Cantonese (fields to fix)');
    expect(tab('english').textContent).toBe('English');
    const flow = screen.getByTestId('flow-cantonese');
    expect(within(flow).getByTestId('activity-cantonese-0-video-problem').textContent).toBe('Upload a video');
    const script = within(flow).getByTestId('activity-cantonese-1-script');
    expect(script.getAttribute('aria-invalid')).toBe('true');
    expect(within(flow).getByText('Field required!')).toBeTruthy();
    expect(puts(server.calls)).toEqual([]);

    // Fixing the field takes its mark away at once.
    fireEvent.change(script, { target: { value: '歡迎' } });
    expect(script.getAttribute('aria-invalid')).toBe('false');
    expect(within(flow).queryByText('Field required!')).toBeNull();
  });

  it('says it in the interface language, and marks what the server refused (a quiz without that language)', async () => {
    await changeUiLanguage('zhHant');
    eventsServer(
      [anEvent(1, 'Open day', { english: [nlp('a')], mandarin: [{ type: 'quiz', key: 'q', quiz_id: 5 }] })],
      {
        quizzes: [aQuiz(5, 'Animals', ['english', 'mandarin'])],
        put: () => ({
          status: 400,
          body: {
            success: false,
            message: 'Invalid input',
            error: 'validation_error',
            issues: [
              {
                path: ['flows', 'mandarin', 0, 'quiz_id'],
                message: 'This quiz has no version in this language',
                key: 'event_quiz_language',
                params: {},
              },
            ],
          },
        }),
      },
    );
    open();
    const dialog = await edit(1);
    fireEvent.click(within(dialog).getByTestId('event-save'));
    await waitFor(() => expect(snackbarStore.get()).toMatchObject({ status: 'error', text: '欄位未填妥' }));
    await waitFor(() => expect(tab('mandarin').getAttribute('aria-selected')).toBe('true'));
    expect(tab('mandarin').getAttribute('aria-selected')).toBe('true');
    expect(within(screen.getByTestId('flow-mandarin')).getByText('此測驗沒有此語言的版本')).toBeTruthy();
  });

  it('uploads a video (resumable, kind video); a refused one leaves the activity without a video and says why', async () => {
    eventsServer([anEvent(1, 'Open day', { english: [video('v', '')] })]);
    const tus = fakeTus({ refuse: { 'broken.mp4': { status: 415, error: 'video_not_playable' } } });
    open();
    await edit(1);
    const input = screen.getByTestId('activity-english-0-input');
    const mp4 = (name: string) => new File([new Uint8Array([0, 0, 0, 24])], name, { type: 'video/mp4' });

    fireEvent.change(input, { target: { files: [mp4('broken.mp4')] } });
    const problem = screen.getByTestId('activity-english-0-video-problem');
    await waitFor(() =>
      expect(problem.textContent).toBe(
        'broken.mp4 was not uploaded: The devices cannot play this video. Export it as MP4 (H.264 video, AAC sound) or WebM (VP9 video, Opus sound).',
      ),
    );
    expect(problem.getAttribute('role')).toBe('alert');
    expect(screen.queryByTestId('activity-english-0-video')).toBeNull();

    fireEvent.change(input, { target: { files: [mp4('welcome.mp4')] } });
    const shown = await screen.findByTestId('activity-english-0-video');
    expect(shown.getAttribute('src')).toMatch(/^\/media\//);
    expect(tus.uploads.map((u) => u.metadata)).toEqual([
      { device_id: '7', kind: 'video', filename: 'broken.mp4' },
      { device_id: '7', kind: 'video', filename: 'welcome.mp4' },
    ]);
    expect(problem.textContent).not.toContain('not uploaded');
  });

  it('moves an activity with the keyboard (its arrow buttons) and saves the new order', async () => {
    const server = eventsServer([anEvent(1, 'Open day', { english: [video('v'), tts('t'), nlp('n')] })]);
    open();
    const dialog = await edit(1);
    const down = within(dialog).getByRole('button', { name: 'Move 1. Video down' });
    down.focus();
    fireEvent.click(down);
    const rows = within(screen.getByTestId('flow-english')).getAllByTestId('activity');
    expect(rows.map((r) => within(r).getByRole('heading').textContent)).toEqual([
      '1. Announcement',
      '2. Video',
      '3. Ask the assistant',
    ]);
    expect(within(dialog).getByRole('status').textContent).toBe('1. Video moved to position 2');

    fireEvent.click(within(dialog).getByTestId('event-save'));
    await waitFor(() => expect(puts(server.calls)).toHaveLength(1));
    const body = puts(server.calls)[0]!;
    expect(body).toMatchObject({ device_id: 7, version: 1, title: 'Open day', languages: ['english'] });
    expect((body.flows as { english: { key: string }[] }).english.map((a) => a.key)).toEqual(['t', 'v', 'n']);
    await waitFor(() => expect(snackbarStore.get().text).toBe('Event “Open day” saved'));
  });

  it('when someone else saved meanwhile, says so and reloads their version', async () => {
    const server = eventsServer([anEvent(1, 'Open day', { english: [nlp('n')] })], {
      put: () => ({
        status: 409,
        body: { success: false, message: 'The event changed meanwhile', error: 'event_changed' },
      }),
    });
    open();
    const dialog = await edit(1);
    fireEvent.click(within(dialog).getByTestId('activity-add-tts'));
    const flow = screen.getByTestId('flow-english');
    fireEvent.change(within(flow).getByTestId('activity-english-1-script'), { target: { value: 'Hi' } });
    fireEvent.change(within(flow).getByTestId('activity-english-1-speech'), { target: { value: 'Hi' } });
    // Meanwhile another operator saved version 2 with a new title.
    Object.assign(server.events[0]!, { title: 'Open day (final)', version: 2 });

    fireEvent.click(within(dialog).getByTestId('event-save'));
    const notice = await within(dialog).findByTestId('event-changed');
    expect(notice.textContent).toContain(
      'Someone else saved this event meanwhile. Reload it to see their changes, then make yours again.',
    );
    expect(snackbarStore.get().status).toBe('error');

    fireEvent.click(within(notice).getByTestId('event-reload'));
    await waitFor(() => expect(within(dialog).queryByTestId('event-changed')).toBeNull());
    expect(within(dialog).getByRole('heading', { level: 2 }).textContent).toContain('Open day (final)');
    expect(within(screen.getByTestId('flow-english')).getAllByTestId('activity')).toHaveLength(1);
  });

  it('asks before unsaved changes are lost: closing, navigating away or reloading', async () => {
    eventsServer([anEvent(1, 'Open day', { english: [nlp('n')] })]);
    const { router } = open();
    const dialog = await edit(1);

    // Nothing changed yet: Cancel closes without asking.
    fireEvent.click(within(dialog).getByTestId('dialog-cancel'));
    await waitFor(() => expect(screen.queryByTestId('event-dialog')).toBeNull());

    const again = await edit(1);
    fireEvent.click(within(again).getByTestId('activity-add-video'));
    fireEvent.click(within(again).getByTestId('dialog-cancel'));
    const ask = await screen.findByRole('dialog', { name: 'Quit editing?' });
    fireEvent.click(within(ask).getByTestId('dialog-cancel'));
    await waitFor(() => expect(screen.queryByTestId('quit-editing-dialog')).toBeNull());
    expect(screen.getByTestId('event-dialog')).toBeTruthy();

    // A reload asks the browser's way.
    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(true);

    // Navigating away waits for the answer.
    await act(() => router!.navigate('/dashboard'));
    expect(screen.getByTestId('location').textContent).toBe('/event');
    fireEvent.click(await screen.findByTestId('quit-editing-confirm'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/dashboard'));
  });
});

describe('EventPage: current event, control mode and results', () => {
  it('a refused "make current" opens the editor with the failing fields marked', async () => {
    const server = eventsServer([anEvent(1, 'Open day', { english: [tts('t', 'Hi', '')] })], {
      put: (call) =>
        (call.body as { is_active?: boolean }).is_active
          ? {
              status: 400,
              body: {
                success: false,
                message: 'Invalid input',
                error: 'validation_error',
                issues: [
                  {
                    path: ['flows', 'english', 0, 'speech'],
                    message: 'Field required!',
                    key: 'field_required',
                    params: {},
                  },
                ],
              },
            }
          : undefined,
    });
    open();
    fireEvent.click(await screen.findByTestId('event-make-current-1'));
    await waitFor(() =>
      expect(snackbarStore.get()).toMatchObject({ status: 'error', text: 'Fields incompleted' }),
    );
    const speech = await screen.findByTestId('activity-english-0-speech');
    expect(speech.getAttribute('aria-invalid')).toBe('true');
    expect(tab('english').textContent).toBe('English (fields to fix)');
    expect(puts(server.calls)).toEqual([{ device_id: 7, is_active: true }]);
  });

  it('control mode lists the runs going on now, follows them live, skips and stops (asked first)', async () => {
    let runs = [
      {
        run_id: 31,
        event_id: 2,
        language: 'english',
        activity_index: 1,
        activity_type: 'quiz',
        step: 'question 2/5',
        started_at: '2026-03-01T10:00:00Z',
        updated_at: '2026-03-01T10:01:00Z',
      },
    ];
    const server = eventsServer([anEvent(2, 'Open day', { english: [nlp('a')] }, { is_active: true })], {
      other: (call) => {
        if (call.path === '/event_manager/event/2/runs/live') return { body: runs };
        if (call.path === '/event_manager/event/2/control') return { body: null };
        return undefined;
      },
    });
    open();
    fireEvent.click(await screen.findByTestId('event-control-2'));
    const row = await screen.findByTestId('control-run-31');
    expect(within(row).getByText('2. Quiz')).toBeTruthy();
    // The kiosk's step, in the operator's language.
    expect(within(row).getByText('Question 2 of 5')).toBeTruthy();

    fireEvent.click(within(row).getByTestId('control-skip-31'));
    await waitFor(() => expect(snackbarStore.get().text).toBe('Skipped to the next activity'));

    fireEvent.click(within(row).getByTestId('control-stop-31'));
    const ask = await screen.findByRole('dialog', { name: 'Stop this run?' });
    runs = [];
    fireEvent.click(within(ask).getByTestId('stop-run-confirm'));
    await waitFor(() => expect(screen.queryByTestId('control-run-31')).toBeNull());
    const controls = server.calls.filter((c) => c.path.endsWith('/control')).map((c) => c.body);
    expect(controls).toEqual([
      { device_id: 7, run_id: 31, action: 'skip' },
      { device_id: 7, run_id: 31, action: 'stop' },
    ]);

    // A kiosk starts a run: the list follows without a reload.
    runs = [{ ...runs[0]!, run_id: 32, activity_index: 0, activity_type: 'nlp', step: '' } as never];
    act(() => dispatchLiveEvent({ name: LIVE_EVENT.eventRun, event_id: 2, device_id: 7 }));
    const started = await screen.findByTestId('control-run-32');
    expect(within(started).getByText('1. Ask the assistant')).toBeTruthy();
    expect(within(started).getByText('—')).toBeTruthy();
  });

  it('results: the last 7 days in the browser time zone, runs and correct rates per language', async () => {
    const server = eventsServer([anEvent(1, 'Open day', { english: [nlp('a')] })], {
      other: (call) =>
        call.path === '/event_manager/event/1/results'
          ? {
              body: {
                runs_started: 4,
                runs_finished: 3,
                by_outcome: { finished: 3, left: 1 },
                days: [{ date: '2026-03-01', started: 4, finished: 3 }],
                activities: [
                  { language: 'english', index: 0, key: 'a', type: 'nlp', reached: 4, dropped: 1 },
                ],
                questions: [
                  {
                    quiz_id: 5,
                    question_id: 9,
                    title: 'Capital?',
                    language: 'english',
                    answered: 3,
                    correct: 2,
                    correct_rate: 2 / 3,
                  },
                ],
              },
            }
          : undefined,
    });
    open();
    fireEvent.click(await screen.findByTestId('event-results-1'));
    expect((await screen.findByTestId('results-started')).textContent).toBe('4');
    expect(screen.getByTestId('results-finish-rate').textContent).toBe('75%');
    expect(within(screen.getByTestId('results-question-5-9')).getByText('67% (2 of 3)')).toBeTruthy();
    const query = server.calls.find((c) => c.path === '/event_manager/event/1/results')!.query;
    const days =
      (Date.parse(query.get('end_datetime')!) - Date.parse(query.get('start_datetime')!)) / 86_400_000;
    expect(days).toBe(6);
    expect(query.get('tz')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(query.get('device_id')).toBe('7');
  });

  it('results with no run: sentences, not charts of nothing (they drew empty axes cut at "0.0…")', async () => {
    eventsServer([anEvent(1, 'Open day', { english: [nlp('a')] })], {
      other: (call) =>
        call.path === '/event_manager/event/1/results'
          ? {
              body: {
                runs_started: 0,
                runs_finished: 0,
                by_outcome: {},
                days: [{ date: '2026-03-01', started: 0, finished: 0 }],
                activities: [
                  { language: 'english', index: 0, key: 'a', type: 'nlp', reached: 0, dropped: 0 },
                ],
                questions: [],
              },
            }
          : undefined,
    });
    open();
    fireEvent.click(await screen.findByTestId('event-results-1'));
    expect((await screen.findByTestId('results-drop-off-empty')).textContent).toBe(
      'No visitor reached an activity in these days.',
    );
    expect(screen.getByTestId('results-empty')).toBeTruthy();
    expect(screen.queryByTestId('results-drop-off-english')).toBeNull();
  });
});
