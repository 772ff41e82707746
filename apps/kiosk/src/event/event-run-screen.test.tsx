import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { KioskEvent, KioskIdleScreen } from '@ambassador/contracts';
import { describe, expect, it, vi } from 'vitest';
import { SOCKET } from '../realtime/realtime-client';
import { COUNTDOWN, NLP, QUIZ_ACTIVITY, RUN_ID, TTS, harbourDay } from '../test/fake-event';
import {
  CONFIG,
  FAST,
  SESSION_ID,
  fakeDevice,
  renderKiosk,
  type DeviceCall,
  type DeviceReply,
} from '../test/fake-device';
import { fakeTime, passTime } from '../test/fake-time';

type Options = {
  idle_screen?: KioskIdleScreen;
  /** Goes first, as fakeDevice's handler does. */
  handler?: (call: DeviceCall) => DeviceReply;
};

/**
 * A paired kiosk whose device has `event` current (changed with `setEvent`, as an operator would),
 * and a server that accepts runs and their reports. jsdom cannot play media: a video's play()
 * resolves and the test ends it.
 */
function eventDevice(initial: KioskEvent | null = harbourDay(), { idle_screen, handler }: Options = {}) {
  let event = initial;
  const calls = fakeDevice((call) => {
    const first = handler?.(call);
    if (first !== undefined) return first;
    if (call.path === '/config')
      return { body: { ...CONFIG, event, ...(idle_screen ? { idle_screen } : {}) } };
    if (call.method === 'POST' && call.path === '/event_runs') {
      const body = call.body as { event_id: number; language: string };
      return {
        body: { run_id: RUN_ID, event_id: body.event_id, language: body.language, started_at: '2025-01-01' },
      };
    }
    if (call.path === `/event_runs/${RUN_ID}/answers`) return { body: { correct: false } };
    if (call.path.startsWith(`/event_runs/${RUN_ID}/`)) return { body: null };
    return undefined;
  });
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  const reports = (what: 'progress' | 'answers' | 'end') =>
    calls.filter((c) => c.path === `/event_runs/${RUN_ID}/${what}`).map((c) => c.body);
  return {
    calls,
    reports,
    setEvent: (next: KioskEvent | null) => {
      event = next;
    },
  };
}

async function startEvent() {
  fireEvent.click(await screen.findByTestId('event-start'));
}
const backAtStart = () => screen.findByTestId('kiosk-start-english');
const next = () => fireEvent.click(screen.getByTestId('event-next'));

describe('event run on the kiosk', () => {
  it('offers no event when the operator switched the offer off (Interface Settings → events)', async () => {
    eventDevice(harbourDay(), {
      handler: (call) =>
        call.path === '/config'
          ? { body: { ...CONFIG, event: harbourDay(), sections: { events: { event_list: false } } } }
          : undefined,
    });
    renderKiosk();
    await backAtStart();
    expect(screen.queryByTestId('event-offer')).toBeNull();
  });

  it('offers the current event on the start screen and plays it in the kiosk language, reporting each step', async () => {
    const { calls, reports } = eventDevice();
    renderKiosk();
    const offer = await screen.findByTestId('event-offer');
    expect(offer.textContent).toContain('Harbour Day');
    expect(within(offer).getByRole('button', { name: 'Start' })).toBe(screen.getByTestId('event-start'));
    await startEvent();

    const first = screen.getByTestId('event-video');
    expect(first.getAttribute('src')).toBe('/media/intro.mp4');
    expect(first.dataset.play).toBe('1');
    expect(screen.getByTestId('event-leave').textContent).toBe('Leave');
    expect(screen.queryByTestId('kiosk-start-english')).toBeNull();
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/event_runs')?.body).toEqual({
        event_id: 3,
        version: 1,
        language: 'english',
      }),
    );

    // Plays 2: the video twice, then the announcement.
    fireEvent.ended(first);
    expect(screen.getByTestId('event-video').dataset.play).toBe('2');
    fireEvent.ended(screen.getByTestId('event-video'));
    const tts = screen.getByTestId('event-tts');
    expect(tts.textContent).toContain('The harbour parade starts soon.');
    expect(tts.querySelector('img')?.getAttribute('src')).toBe('/media/parade.png');
    // Without a countdown there is Next, and no countdown.
    expect(screen.getByTestId('event-next').textContent).toBe('Next');
    expect(screen.queryByTestId('event-countdown')).toBeNull();
    expect(document.activeElement).toBe(within(tts).getByText('The harbour parade starts soon.'));

    await waitFor(() =>
      expect(reports('progress')).toEqual([
        { activity_index: 0, activity_key: 'intro', step: 'playing 1/2' },
        { activity_index: 0, activity_key: 'intro', step: 'playing 2/2' },
        { activity_index: 1, activity_key: 'welcome', step: '' },
      ]),
    );

    fireEvent.click(screen.getByTestId('event-leave'));
    await backAtStart();
    await waitFor(() => expect(reports('end')).toEqual([{ outcome: 'left', activity_index: 1 }]));
  });

  it('runs a quiz: a wrong answer shows the retry page and hints, a right one the correct page, then the score', async () => {
    const { calls, reports } = eventDevice(harbourDay({ flows: { english: [QUIZ_ACTIVITY, NLP] } }));
    renderKiosk();
    await startEvent();

    expect(screen.getByTestId('quiz-page-onboard').textContent).toContain('Ready for three questions?');
    expect(screen.getByTestId('event-next').textContent).toBe('Start quiz');
    next();

    const question = screen.getByTestId('quiz-question');
    expect(within(question).getByRole('heading').textContent).toBe(
      'Which ship is the oldest in the harbour?',
    );
    expect(document.activeElement).toBe(within(question).getByRole('heading'));
    expect(question.textContent).toContain('Question 1 of 2');
    const answers = within(question).getByRole('group', { name: 'Answers' });
    expect(answers.style.gridTemplateColumns).toBe('repeat(2, minmax(0, 1fr))');
    expect(
      within(answers)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Ferry', 'Tall ship', 'Junk']);
    // The padding cell keeps the last row's shape.
    expect(answers.children).toHaveLength(4);
    expect(screen.queryByTestId('quiz-answer-3')).toBeNull();
    expect(question.querySelector('img')?.getAttribute('src')).toBe('/media/ship.png');

    fireEvent.click(screen.getByTestId('quiz-answer-0'));
    const retry = screen.getByTestId('quiz-page-retry');
    expect(retry.textContent).toContain('Not this one. Have another go!');
    expect(retry.textContent).toContain('It has three masts.');
    expect(screen.getByTestId('event-next').textContent).toBe('Try again');
    next();

    expect(screen.getByTestId('quiz-question').dataset.attempt).toBe('2');
    expect(screen.getByTestId('quiz-retry').textContent).toContain('Attempt 2 of 2');
    expect(screen.getByTestId('quiz-hints').textContent).toContain('It has three masts.');
    fireEvent.click(screen.getByTestId('quiz-answer-1'));
    expect(screen.getByTestId('quiz-page-correct').textContent).toContain('Well done!');
    next();

    expect(screen.getByTestId('quiz-question').textContent).toContain('Question 2 of 2');
    fireEvent.click(screen.getByTestId('quiz-answer-0'));
    next();
    expect(screen.getByTestId('quiz-page-ending').textContent).toContain('Your score: 2 / 2');
    next();

    // The nlp step: the question screen, with the way back into the event.
    await screen.findByTestId('kiosk-input');
    expect(calls.find((c) => c.path === '/sessions')?.body).toEqual({ language: 'english' });
    expect(screen.getByTestId('event-continue').textContent).toBe('Continue event');
    expect(screen.getByTestId('event-leave').textContent).toBe('Leave');
    fireEvent.click(screen.getByTestId('event-continue'));

    await backAtStart();
    await waitFor(() => expect(reports('end')).toEqual([{ outcome: 'finished', activity_index: 2 }]));
    expect(reports('answers')).toEqual([
      { activity_index: 0, question_id: 11, attempt: 1, answer: 'ferry' },
      { activity_index: 0, question_id: 11, attempt: 2, answer: 'Tall ship' },
      { activity_index: 0, question_id: 12, attempt: 1, answer: '1890' },
    ]);
    expect(calls.some((c) => c.path === `/sessions/${SESSION_ID}/end`)).toBe(true);
  });

  it('counts a countdown down and goes on when it reaches 0', async () => {
    eventDevice(harbourDay({ flows: { english: [{ ...COUNTDOWN, countdown: 2 }, TTS] } }));
    renderKiosk();
    await startEvent();

    const countdown = screen.getByTestId('event-countdown');
    expect(countdown.getAttribute('role')).toBe('timer');
    expect(countdown.dataset.seconds).toBe('2');
    expect(screen.getByTestId('event-countdown-announce').textContent).toBe('Seconds left: 2');
    expect(screen.queryByTestId('event-next')).toBeNull();
    // A second a tick (real time: the countdown is short).
    await waitFor(() => expect(screen.getByTestId('event-countdown').dataset.seconds).toBe('1'), {
      timeout: 3_000,
    });
    expect(screen.getByTestId('event-countdown-announce').textContent).toBe('Seconds left: 1');
    await waitFor(() => expect(screen.getByTestId('event-tts').textContent).toContain('parade'), {
      timeout: 3_000,
    });
  });

  it('follows the current event live: offered when it starts, a new version plays on, none stops the run', async () => {
    const { reports, setEvent } = eventDevice(null);
    const { sockets } = renderKiosk();
    await backAtStart();
    expect(screen.queryByTestId('event-offer')).toBeNull();

    setEvent(harbourDay());
    (await sockets.ready()).serverSend(SOCKET.eventActive, harbourDay());
    await startEvent();
    expect(screen.getByTestId('event-video')).toBeTruthy();

    sockets.socket.serverSend(SOCKET.eventActive, harbourDay({ version: 2 }));
    expect(screen.getByTestId('event-video')).toBeTruthy();

    setEvent(null);
    sockets.socket.serverSend(SOCKET.eventActive, null);
    await backAtStart();
    expect(screen.queryByTestId('event-video')).toBeNull();
    expect(screen.queryByTestId('event-offer')).toBeNull();
    await waitFor(() => expect(reports('end')).toEqual([{ outcome: 'stopped', activity_index: 0 }]));
  });

  it("skips and stops on an operator's control for this run only", async () => {
    const { reports } = eventDevice();
    const { sockets } = renderKiosk();
    await startEvent();
    // The server has given the run its id.
    await waitFor(() => expect(reports('progress')).toHaveLength(1));

    sockets.socket.serverSend(SOCKET.eventControl, { run_id: RUN_ID + 1, action: 'stop' });
    expect(screen.getByTestId('event-video')).toBeTruthy();
    sockets.socket.serverSend(SOCKET.eventControl, { run_id: RUN_ID, action: 'skip' });
    expect(screen.getByTestId('event-tts')).toBeTruthy();
    sockets.socket.serverSend(SOCKET.eventControl, { run_id: RUN_ID, action: 'stop' });

    await backAtStart();
    await waitFor(() => expect(reports('end')).toEqual([{ outcome: 'stopped', activity_index: 1 }]));
  });

  it('ends a run nobody touches after the idle time, never starting the idle loop meanwhile', async () => {
    fakeTime();
    const { reports } = eventDevice(harbourDay(), {
      idle_screen: {
        media_type: 'image',
        idle_timeout: 1,
        items: [{ id: 1, url: '/media/idle.png', duration: 5 }],
      },
    });
    renderKiosk({ timing: { ...FAST, warningMs: 400 } });
    await startEvent();

    // A video plays on however long it is: the clock stands still and no idle loop starts.
    await passTime(1_300);
    expect(screen.getByTestId('event-video')).toBeTruthy();
    expect(screen.queryByTestId('kiosk-idle-image')).toBeNull();
    expect(screen.queryByTestId('kiosk-idle')).toBeNull();

    // The announcement cannot be heard (no speech engine) and waits for Next: the clock runs.
    fireEvent.ended(screen.getByTestId('event-video'));
    fireEvent.ended(screen.getByTestId('event-video'));
    expect((await screen.findByTestId('kiosk-idle')).textContent).toContain('The event will end in');
    await backAtStart();
    await waitFor(() => expect(reports('end')).toEqual([{ outcome: 'idle', activity_index: 1 }]));
  });

  it('never holds the visitor up when the server cannot record the run', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { calls } = eventDevice(harbourDay(), {
      handler: (call) => (call.path.startsWith('/event_runs') ? 'network' : undefined),
    });
    renderKiosk();
    await startEvent();

    fireEvent.ended(screen.getByTestId('event-video'));
    fireEvent.ended(screen.getByTestId('event-video'));
    next();
    expect(screen.getByTestId('quiz-page-onboard')).toBeTruthy();
    fireEvent.click(screen.getByTestId('event-leave'));
    await backAtStart();
    // Tried with its retries, then given up: nothing is reported for a run the server never started.
    await waitFor(() => expect(calls.filter((c) => c.path === '/event_runs')).toHaveLength(4));
    expect(calls.filter((c) => c.path.startsWith(`/event_runs/`))).toEqual([]);
    expect(warn).toHaveBeenCalledWith(
      '[event] the run could not be started on the server',
      expect.anything(),
    );
  });

  it('drops a report that keeps failing and sends the rest', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { reports } = eventDevice(harbourDay({ flows: { english: [TTS, NLP] } }), {
      handler: (call) =>
        call.path === `/event_runs/${RUN_ID}/progress`
          ? { status: 503, body: { success: false, message: 'Busy', error: 'unavailable' } }
          : undefined,
    });
    renderKiosk();
    await startEvent();
    next();
    await screen.findByTestId('event-continue');
    fireEvent.click(screen.getByTestId('event-leave'));
    await backAtStart();
    await waitFor(() => expect(reports('end')).toEqual([{ outcome: 'left', activity_index: 1 }]));
    // Each progress report was tried four times (the first and three retries).
    expect(reports('progress')).toHaveLength(8);
    expect(warn).toHaveBeenCalledWith('[event] a report was dropped', expect.anything());
  });
});
