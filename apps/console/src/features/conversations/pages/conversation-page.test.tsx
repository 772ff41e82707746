import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, configure, fireEvent, screen, within } from '@testing-library/react';
import { LOGGED_OUT, authStore } from '@/shared/auth/auth-store';
import { addDays, lastDays, today } from '@/shared/lib/day-range';
import { snackbarStore } from '@/shared/ui/snackbar/snackbar-store';
import { fakeDownloads } from '@/shared/test/fake-downloads';
import type { FakeCall, FakeReply } from '@/shared/test/fake-server';
import { renderWithApp, signedIn } from '@/shared/test/render-with-app';
import { SEARCH_DEBOUNCE_MS } from '../components/conversation-filters';
import { aConversation, conversationServer, listCalls } from '../test/fixtures';
import { ConversationPage } from './conversation-page';
import type { AnswerStep } from '@ambassador/contracts';

/** The table is large and the machine may be busy: give the screen time to settle. */
const eventually = <T,>(check: () => T) => vi.waitFor(check, { timeout: 4000 });
configure({ asyncUtilTimeout: 4000 });

const tz = Intl.DateTimeFormat().resolvedOptions().timeZone;
const rows = Array.from({ length: 23 }, (_, i) => aConversation(i + 1));

function render(path = '/conversation') {
  renderWithApp(<ConversationPage />, path);
  // Two devices in the project; the first one is selected.
  act(() =>
    authStore.update({
      device_list: [...signedIn.device_list, { id: 8, description: 'Gate kiosk', kind: 'chatbot' }],
    }),
  );
}

const lastList = (calls: FakeCall[]) => listCalls(calls).at(-1)!;
const location = () => screen.getByTestId('location').textContent;
/** Every parameter of the call, so a test sees exactly what was asked. */
const paramsOf = (call: FakeCall) => Object.fromEntries(call.query.entries());

beforeEach(() => {
  snackbarStore.get().open = false;
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  authStore.set(LOGGED_OUT);
});

describe('ConversationPage', { timeout: 20_000 }, () => {
  it('lists the selected device’s last 7 days, newest first, 10 a page, with the total', async () => {
    const calls = conversationServer(rows);
    render();

    expect(await screen.findByTestId('conversation-row-1')).toBeTruthy();
    expect(screen.getByTestId('conversation-row-10')).toBeTruthy();
    expect(screen.queryByTestId('conversation-row-11')).toBeNull();
    expect(screen.getByText('1–10 of 23')).toBeTruthy();
    const range = lastDays(7);
    expect(paramsOf(lastList(calls))).toEqual({
      start_datetime: range.start,
      end_datetime: today(),
      tz,
      device_ids: '7',
      sort_by: 'datetime',
      order: 'desc',
      limit: '10',
      offset: '0',
      device_id: '7',
    });
  });

  it('opens on bookmarked conversations from /conversation?bookmarked=1', async () => {
    const calls = conversationServer(rows);
    render('/conversation?bookmarked=1');
    await screen.findByTestId('conversation-row-1');
    expect(lastList(calls).query.get('bookmarked')).toBe('true');
    expect((screen.getByTestId('conversation-bookmarked') as HTMLInputElement).checked).toBe(true);
  });

  it('asks for the next page, and any filter starts again at page 1', async () => {
    const calls = conversationServer(rows);
    render();
    await screen.findByTestId('conversation-row-1');

    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    await eventually(() => expect(lastList(calls).query.get('offset')).toBe('10'));
    expect(location()).toBe('/conversation?page=2');
    expect(await screen.findByTestId('conversation-row-11')).toBeTruthy();

    fireEvent.click(screen.getByTestId('conversation-fallback'));
    await eventually(() => expect(lastList(calls).query.get('fallback')).toBe('true'));
    expect(lastList(calls).query.get('offset')).toBe('0');
    expect(location()).toBe('/conversation?fallback=1');
  });

  it('sends the bookmarked switch, the range and the chosen devices', async () => {
    const calls = conversationServer(rows);
    render();
    await screen.findByTestId('conversation-row-1');

    fireEvent.click(screen.getByTestId('conversation-bookmarked'));
    await eventually(() => expect(lastList(calls).query.get('bookmarked')).toBe('true'));

    fireEvent.click(screen.getByTestId('conversation-range-preset-30'));
    await eventually(() => expect(lastList(calls).query.get('start_datetime')).toBe(addDays(today(), -29)));

    fireEvent.mouseDown(screen.getByTestId('conversation-devices'));
    fireEvent.click(await screen.findByTestId('conversation-device-option-8'));
    await eventually(() => expect(lastList(calls).query.get('device_ids')).toBe('7,8'));
    // The earlier filters stay.
    expect(lastList(calls).query.get('bookmarked')).toBe('true');
    expect(location()).toContain('devices=7%2C8');
  });

  it('keeps at least one device chosen', async () => {
    const calls = conversationServer(rows);
    render();
    await screen.findByTestId('conversation-row-1');
    const before = listCalls(calls).length;

    fireEvent.mouseDown(screen.getByTestId('conversation-devices'));
    fireEvent.click(await screen.findByTestId('conversation-device-option-7'));
    expect(location()).toBe('/conversation');

    // The next choice is the first to reach the server: the one before changed nothing.
    fireEvent.click(screen.getByTestId('conversation-device-option-8'));
    await eventually(() => expect(listCalls(calls).length).toBeGreaterThan(before));
    expect(
      listCalls(calls)
        .slice(before)
        .map((c) => c.query.get('device_ids')),
    ).toEqual(['7,8']);
  });

  it('searches only after a 500 ms pause in typing', async () => {
    const calls = conversationServer(rows);
    render();
    await screen.findByTestId('conversation-row-1');
    vi.useFakeTimers({ shouldAdvanceTime: true });

    const search = screen.getByTestId('conversation-search');
    fireEvent.change(search, { target: { value: '洗' } });
    fireEvent.change(search, { target: { value: '洗手間 ' } });
    await act(async () => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 100));
    expect(listCalls(calls).some((c) => c.query.has('search'))).toBe(false);

    await act(async () => vi.advanceTimersByTime(150));
    await eventually(() => expect(lastList(calls).query.get('search')).toBe('洗手間'));
    expect(listCalls(calls).filter((c) => c.query.has('search'))).toHaveLength(1);
    // The trailing space the operator typed stays in the box.
    expect((search as HTMLInputElement).value).toBe('洗手間 ');
  });

  it('sorts on the server by the clicked column, then the other way round', async () => {
    const calls = conversationServer(rows);
    render('/conversation?page=2');
    await screen.findByTestId('conversation-row-11');

    fireEvent.click(screen.getByTestId('conversation-sort-score'));
    await eventually(() => expect(lastList(calls).query.get('sort_by')).toBe('score'));
    expect(lastList(calls).query.get('order')).toBe('asc');
    expect(lastList(calls).query.get('offset')).toBe('0');

    fireEvent.click(screen.getByTestId('conversation-sort-score'));
    await eventually(() => expect(lastList(calls).query.get('order')).toBe('desc'));
    expect(location()).toBe('/conversation?sort=score&order=desc');

    // Category, response time and device are columns to choose first.
    fireEvent.click(screen.getByTestId('conversation-columns'));
    for (const column of ['category', 'response_time', 'device']) {
      fireEvent.click(screen.getByTestId(`conversation-columns-option-${column}`));
    }
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
    for (const column of [
      'acquire',
      'reply',
      'intent',
      'category',
      'response_time',
      'status',
      'device',
      'rating',
    ]) {
      fireEvent.click(screen.getByTestId(`conversation-sort-${column}`));
      await eventually(() => expect(lastList(calls).query.get('sort_by')).toBe(column));
    }
  });

  it('stars a conversation at once and saves it', async () => {
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const calls = conversationServer(rows, async (call) => {
      if (call.method !== 'PUT') return undefined;
      await answered;
      return { body: aConversation(2, { bookmarked: true }) };
    });
    render();
    const star = () => screen.getByTestId('conversation-bookmark-2');
    await screen.findByTestId('conversation-bookmark-2');

    fireEvent.click(star());
    // Starred before the server has answered.
    await eventually(() => expect(star().getAttribute('aria-pressed')).toBe('true'));
    await act(async () => {
      answer();
      await answered;
    });
    await eventually(() => expect((star() as HTMLButtonElement).disabled).toBe(false));
    expect(star().getAttribute('aria-pressed')).toBe('true');
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { id: 2, device_id: 7, bookmarked: true },
    ]);
    // Saved: the snackbar says so, as for every other change.
    expect(snackbarStore.get()).toMatchObject({
      open: true,
      status: 'success',
      text: 'Conversation bookmarked',
    });
  });

  it('puts the star back and says why when saving it fails', async () => {
    let fail: () => void = () => undefined;
    const refused = new Promise<void>((resolve) => (fail = resolve));
    const calls = conversationServer(rows, async (call) => {
      if (call.method !== 'PUT') return undefined;
      await refused;
      return { status: 500, body: { success: false, message: 'Database unavailable' } };
    });
    render();
    const star = () => screen.getByTestId('conversation-bookmark-3');
    await screen.findByTestId('conversation-bookmark-3');

    fireEvent.click(star());
    await eventually(() => expect(star().getAttribute('aria-pressed')).toBe('true'));
    // A second click while saving does not send a second change.
    fireEvent.click(star());
    await act(async () => {
      fail();
      await refused;
    });

    await eventually(() => expect(star().getAttribute('aria-pressed')).toBe('false'));
    expect(snackbarStore.get()).toMatchObject({ open: true, status: 'error', text: 'Database unavailable' });
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
  });

  it('filters by the ticked categories, or by all the others', async () => {
    const calls = conversationServer(rows, (call) =>
      call.path === '/conversation/categories'
        ? { body: ['Directions', 'Facilities', 'Food & drinks'] }
        : undefined,
    );
    render();
    await screen.findByTestId('conversation-row-1');

    fireEvent.click(screen.getByTestId('conversation-categories'));
    const dialog = await screen.findByTestId('category-filter-dialog');
    fireEvent.click(await within(dialog).findByTestId('category-filter-option-Food & drinks'));
    fireEvent.click(within(dialog).getByTestId('category-filter-option-Directions'));
    expect(within(dialog).getByTestId('category-filter-count').textContent).toBe('2 of 3 selected');
    fireEvent.click(within(dialog).getByTestId('category-filter-apply'));

    await eventually(() => expect(lastList(calls).query.get('category')).toBe('Directions,Food & drinks'));
    expect(lastList(calls).query.has('exclude')).toBe(false);
    expect(screen.getByTestId('conversation-categories').textContent).toBe('Categories: 2 selected');
    expect(calls.find((c) => c.path === '/conversation/categories')?.query.get('device_ids')).toBe('7');

    // Again, now excluding them.
    fireEvent.click(screen.getByTestId('conversation-categories'));
    const again = await screen.findByTestId('category-filter-dialog');
    expect((within(again).getByTestId('category-filter-option-Directions') as HTMLInputElement).checked).toBe(
      true,
    );
    fireEvent.click(within(again).getByTestId('category-filter-exclude'));
    fireEvent.click(within(again).getByTestId('category-filter-apply'));
    await eventually(() => expect(lastList(calls).query.get('exclude')).toBe('true'));
    expect(lastList(calls).query.get('category')).toBe('Directions,Food & drinks');
    expect(screen.getByTestId('conversation-categories').textContent).toBe('Categories: 2 excluded');

    // Clearing the ticks drops the category filter, and exclude with it.
    fireEvent.click(screen.getByTestId('conversation-categories'));
    const third = await screen.findByTestId('category-filter-dialog');
    fireEvent.click(within(third).getByTestId('category-filter-none'));
    fireEvent.click(within(third).getByTestId('category-filter-apply'));
    await eventually(() => expect(lastList(calls).query.has('category')).toBe(false));
    expect(lastList(calls).query.has('exclude')).toBe(false);
  });

  it('trains a question into a topic of the device it was asked on', async () => {
    const fromGate = aConversation(4, {
      device_id: 8,
      device_name: 'Gate kiosk',
      acquire: 'Where can I park?',
    });
    const list = [aConversation(1), fromGate];
    const calls = conversationServer(list, (call) => {
      if (call.path === '/ai_config/intents/auto_complete') {
        return { body: [{ id: 31, name: 'Parking', category_name: 'Transport', parent_id: null }] };
      }
      if (call.method === 'POST' && call.path === '/conversation/train') {
        return { body: { ...fromGate, trained_intent: { id: 31, name: 'Parking' } } };
      }
      return undefined;
    });
    render();

    // From the row's detail panel.
    fireEvent.click(await screen.findByTestId('conversation-acquire-4'));
    fireEvent.click(await screen.findByTestId('conversation-detail-train'));
    const dialog = await screen.findByTestId('train-conversation-dialog');
    expect(within(dialog).getByTestId('train-conversation-question').textContent).toBe('Where can I park?');

    // Nothing chosen yet: Confirm asks for a topic instead of sending.
    fireEvent.click(within(dialog).getByTestId('train-conversation-confirm'));
    expect(await within(dialog).findByText('Choose a topic')).toBeTruthy();

    fireEvent.change(within(dialog).getByTestId('train-conversation-topic'), { target: { value: 'park' } });
    fireEvent.click(await screen.findByTestId('train-conversation-option-31', {}, { timeout: 2000 }));
    const lookup = calls.find((c) => c.path === '/ai_config/intents/auto_complete');
    expect(lookup?.query.get('text')).toBe('park');
    expect(lookup?.query.get('device_id')).toBe('8');

    fireEvent.click(within(dialog).getByTestId('train-conversation-confirm'));
    await eventually(() =>
      expect(screen.getByTestId('conversation-detail-trained').textContent).toBe('Trained → Parking'),
    );
    fireEvent.click(screen.getByTestId('conversation-detail-close'));
    await eventually(() =>
      expect(screen.getByTestId('conversation-trained-4').textContent).toBe('Trained → Parking'),
    );
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts.map((c) => c.body)).toEqual([{ id: 4, intent_id: 31, device_id: 8 }]);
    expect(snackbarStore.get()).toMatchObject({ status: 'success', text: 'Trained into “Parking”' });
  });

  it('filters fell-back-with-a-candidate, and teaches one to its closest topic in one click', async () => {
    const near = aConversation(5, {
      acquire: 'where can I leave my car',
      reply: 'Sorry, I did not understand.',
      intent_id: null,
      intent_identified: null,
      category: null,
      status: 'fallback',
      score: 0.42,
      candidate: { id: 31, name: 'Parking' },
    });
    const none = aConversation(6, {
      intent_id: null,
      intent_identified: null,
      status: 'fallback',
      score: null,
      candidate: null,
    });
    const calls = conversationServer([near, none, aConversation(1)], (call) => {
      if (call.method === 'POST' && call.path === '/conversation/train') {
        return { body: { ...near, trained_intent: { id: 31, name: 'Parking' } } };
      }
      return undefined;
    });
    render();

    // The row says which topic it came closest to, and offers to teach only that one.
    expect((await screen.findByTestId('conversation-candidate-5')).textContent).toBe('Closest: Parking');
    expect(screen.queryByTestId('conversation-candidate-6')).toBeNull();
    expect(screen.queryByTestId('conversation-teach-6')).toBeNull();
    expect(screen.queryByTestId('conversation-teach-1')).toBeNull();

    fireEvent.click(screen.getByTestId('conversation-candidate'));
    await eventually(() => expect(lastList(calls).query.get('candidate')).toBe('true'));
    expect(location()).toContain('candidate=1');

    // The filtered list has arrived (the previous one stays on screen meanwhile).
    await eventually(() => expect(listCalls(calls).length).toBe(2));
    await act(async () => undefined);
    const teach = await screen.findByTestId('conversation-teach-5');
    expect(teach.getAttribute('aria-label')).toBe('Teach to Parking');
    fireEvent.click(teach);
    await eventually(() =>
      expect(screen.getByTestId('conversation-trained-5').textContent).toBe('Trained → Parking'),
    );
    // One click: the Train call with the candidate, and the row did not open.
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { id: 5, intent_id: 31, device_id: 7 },
    ]);
    expect(screen.queryByTestId('conversation-detail')).toBeNull();
    expect(screen.queryByTestId('conversation-teach-5')).toBeNull();
    expect(snackbarStore.get()).toMatchObject({
      status: 'success',
      text: 'Taught to “Parking”: this question now matches it',
    });
  });

  it('shows the candidate and its score in the detail panel, with Teach to it', async () => {
    const near = aConversation(5, {
      intent_id: null,
      intent_identified: null,
      status: 'fallback',
      score: 0.42,
      candidate: { id: 31, name: 'Parking' },
      session_id: null,
    });
    const calls = conversationServer([near], (call) => {
      if (call.path === '/conversation/session') return { body: [near] };
      if (call.method === 'POST' && call.path === '/conversation/train') {
        return {
          status: 400,
          body: {
            success: false,
            data: null,
            error: 'topic_not_on_device',
            message: 'That question topic does not belong to Lobby, the device this conversation was on.',
          },
        };
      }
      return undefined;
    });
    render();
    fireEvent.click(await screen.findByTestId('conversation-acquire-5'));
    expect((await screen.findByTestId('conversation-detail-candidate')).textContent).toBe(
      'Parking, score 0.42',
    );
    const teach = screen.getByTestId('conversation-detail-teach');
    expect(teach.textContent).toBe('Teach to Parking');
    fireEvent.click(teach);
    await eventually(() => expect(snackbarStore.get().status).toBe('error'));
    expect(snackbarStore.get().text).toContain('does not belong to Lobby');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { id: 5, intent_id: 31, device_id: 7 },
    ]);
    expect(screen.getByTestId('conversation-detail-teach')).toBeTruthy();
  });

  it('shows where a document answer was read: the file, page and heading', async () => {
    const read = aConversation(6, {
      intent_id: null,
      intent_identified: null,
      status: 'document',
      reply: 'Open 10 am to 6 pm.',
      source: {
        document_id: 2,
        filename: 'guide.pdf',
        page: 12,
        heading: 'Opening hours',
        passage_id: 9,
        language: 'english',
      },
      session_id: null,
    });
    const talk = aConversation(7, { status: 'small_talk', intent_id: null, intent_identified: null });
    conversationServer([read, talk]);
    render();
    fireEvent.click(await screen.findByTestId('conversation-acquire-6'));
    expect((await screen.findByTestId('conversation-detail-source')).textContent).toBe(
      'guide.pdf · page 12 · Opening hours · written in English',
    );
    expect(screen.getByTestId('conversation-detail-status').textContent).toBe('From documents');
    fireEvent.click(screen.getByTestId('conversation-detail-close'));
    fireEvent.click(await screen.findByTestId('conversation-acquire-7'));
    expect((await screen.findByTestId('conversation-detail-status')).textContent).toBe('Small talk');
    expect(screen.queryByTestId('conversation-detail-source')).toBeNull();
  });

  it('shows how a fallback was answered, step by step, and nothing for rows logged before steps were kept', async () => {
    const step = (
      name: AnswerStep['step'],
      result: AnswerStep['result'],
      rest: Partial<AnswerStep> = {},
    ) => ({
      step: name,
      result,
      score: null,
      threshold: null,
      detail: null,
      why: null,
      ...rest,
    });
    const fell = aConversation(8, {
      status: 'fallback',
      intent_id: null,
      intent_identified: null,
      score: 0.31,
      steps: [
        step('topic_filter', 'off'),
        step('topics', 'no_match', { score: 0.31, threshold: 0.45, detail: 'Parking' }),
        step('locations', 'off'),
        step('documents', 'no_match', {
          score: 0.6,
          threshold: 0.25,
          detail: 'guide.pdf p. 3',
          why: 'missing_time',
        }),
        step('small_talk', 'no_match', { score: 0.1, threshold: 0.5 }),
        step('fallback', 'answered'),
      ],
    });
    conversationServer([fell, aConversation(9)]);
    render();
    fireEvent.click(await screen.findByTestId('conversation-acquire-8'));
    const detail = await screen.findByTestId('conversation-detail');
    const rows = within(detail).getAllByTestId('answer-step');
    expect(rows.map((r) => [r.dataset.step, r.dataset.result])).toEqual([
      ['topic_filter', 'off'],
      ['topics', 'no_match'],
      ['locations', 'off'],
      ['documents', 'no_match'],
      ['small_talk', 'no_match'],
      ['fallback', 'answered'],
    ]);
    expect(rows[1]!.textContent).toContain('31% (needs 45%)');
    expect(rows[1]!.textContent).toContain('Parking');
    expect(rows[3]!.textContent).toContain('the sentence gives no time');
    fireEvent.click(screen.getByTestId('conversation-detail-close'));
    fireEvent.click(await screen.findByTestId('conversation-acquire-9'));
    await screen.findByTestId('conversation-detail');
    expect(screen.queryByTestId('answer-steps')).toBeNull();
  });

  it('exports the current filter as {start}-{end}-Conversation.xlsx', async () => {
    const { saved, restore } = fakeDownloads();
    const calls = conversationServer(rows, (call) =>
      call.path === '/conversation/download' ? { body: 'xlsx bytes' } : undefined,
    );
    render('/conversation?start=2025-03-01&end=2025-03-07&fallback=1&q=wifi&sort=device&order=asc');
    await screen.findByTestId('conversation-row-1');

    fireEvent.click(screen.getByTestId('conversation-export'));
    await eventually(() => expect(saved).toEqual(['2025-03-01-2025-03-07-Conversation.xlsx']));
    const download = calls.find((c) => c.path === '/conversation/download')!;
    expect(paramsOf(download)).toEqual({
      start_datetime: '2025-03-01',
      end_datetime: '2025-03-07',
      tz,
      device_ids: '7',
      fallback: 'true',
      search: 'wifi',
      sort_by: 'device',
      order: 'asc',
      device_id: '7',
    });
    restore();
  });

  it('says so when the export fails, and saves nothing', async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    conversationServer(rows, (call) =>
      call.path === '/conversation/download'
        ? { status: 500, body: { success: false, message: 'Export failed on the server' } }
        : undefined,
    );
    render();
    await screen.findByTestId('conversation-row-1');

    fireEvent.click(screen.getByTestId('conversation-export'));
    await eventually(() =>
      expect(snackbarStore.get()).toMatchObject({ status: 'error', text: 'Export failed on the server' }),
    );
    expect(click).not.toHaveBeenCalled();
    click.mockRestore();
  });

  it('shows status, rating and long texts the way an operator reads them', async () => {
    const long = 'Where is the nearest accessible toilet on the ground floor near the east entrance?';
    conversationServer([
      aConversation(1, {
        status: 'fallback',
        intent_identified: null,
        category: null,
        score: null,
        rating: -1,
        acquire: long,
      }),
      aConversation(2, { rating: 1, response_time: 1530 }),
    ]);
    render();

    expect((await screen.findByTestId('conversation-status-1')).textContent).toBe('Fallback');
    expect(screen.getByTestId('conversation-status-2').textContent).toBe('Answered');
    expect(screen.getByTestId('conversation-rating-1').getAttribute('aria-label')).toBe('Rated not helpful');
    expect(screen.getByTestId('conversation-rating-2').getAttribute('aria-label')).toBe('Rated helpful');
    expect(within(screen.getByTestId('conversation-row-2')).getByText('1.5 s')).toBeTruthy();
    const cell = screen.getByTestId('conversation-acquire-1');
    expect(cell.textContent).toBe(long);
    expect(getComputedStyle(cell).textOverflow).toBe('ellipsis');
    fireEvent.mouseOver(cell);
    expect((await screen.findByRole('tooltip', {}, { timeout: 2000 })).textContent).toBe(long);
  });

  describe('detail panel', () => {
    const visit = [
      aConversation(31, {
        acquire: 'Where is the lift?',
        datetime: '2025-03-04T02:30:00Z',
        session_id: 'v-1',
      }),
      aConversation(32, {
        acquire: 'And is there a toilet near the lift on the ground floor, close to the east entrance?',
        reply: 'Yes: the accessible toilet is right behind the lift, next to the east entrance.',
        datetime: '2025-03-04T02:31:00Z',
        session_id: 'v-1',
        intent_identified: 'Toilets',
        category: 'Facilities',
        score: 0.42,
        status: 'answered',
        rating: -1,
        comment: 'Too far from the entrance',
      }),
      aConversation(33, { acquire: 'Thank you', datetime: '2025-03-04T02:32:00Z', session_id: 'v-1' }),
    ];
    const withVisit = (other?: (call: FakeCall) => FakeReply | undefined) =>
      conversationServer([visit[1]!, aConversation(5, { session_id: null })], (call) => {
        const custom = other?.(call);
        if (custom) return custom;
        if (call.path === '/conversation/session') {
          const id = Number(call.query.get('id'));
          return { body: id === 5 ? [aConversation(5, { session_id: null })] : visit };
        }
        return undefined;
      });
    const panel = () => screen.getByTestId('conversation-detail');

    it('opens on a click with the whole conversation and the visit’s questions in order', async () => {
      const calls = withVisit();
      render();
      fireEvent.click(await screen.findByTestId('conversation-acquire-32'));

      const open = await screen.findByTestId('conversation-detail');
      expect(within(open).getByTestId('conversation-detail-question').textContent).toBe(visit[1]!.acquire);
      expect(within(open).getByTestId('conversation-detail-answer').textContent).toBe(visit[1]!.reply);
      expect(within(open).getByTestId('conversation-detail-topic').textContent).toBe('Toilets');
      expect(within(open).getByTestId('conversation-detail-score').textContent).toBe('0.42');
      expect(within(open).getByTestId('conversation-detail-status').textContent).toBe('Answered');
      expect(within(open).getByTestId('conversation-detail-rating').textContent).toBe('Rated not helpful');
      expect(within(open).getByTestId('conversation-detail-comment').textContent).toBe(
        'Too far from the entrance',
      );
      expect(within(open).getByTestId('conversation-detail-when').textContent).toContain('Lobby');
      expect(screen.getByTestId('conversation-row-32').classList.contains('Mui-selected')).toBe(true);

      const session = await within(open).findByTestId('conversation-detail-session');
      const items = within(session).getAllByRole('listitem');
      expect(items.map((li) => li.textContent)).toEqual([
        expect.stringContaining('Where is the lift?'),
        expect.stringContaining('This question'),
        expect.stringContaining('Thank you'),
      ]);
      expect(items[1]!.getAttribute('aria-current')).toBe('true');
      expect(calls.filter((c) => c.path === '/conversation/session').map((c) => c.query.get('id'))).toEqual([
        '32',
      ]);

      // Another question of the visit, without asking the server again.
      fireEvent.click(
        within(session).getByRole('button', { name: /^Show this question:.*Where is the lift\?$/ }),
      );
      await eventually(() =>
        expect(within(panel()).getByTestId('conversation-detail-question').textContent).toBe(
          'Where is the lift?',
        ),
      );
      expect(calls.filter((c) => c.path === '/conversation/session')).toHaveLength(1);
    });

    it('opens with Enter on a focused row, says when the visit had one question, and closes', async () => {
      withVisit();
      render();
      const row = await screen.findByTestId('conversation-row-5');
      row.focus();
      fireEvent.keyDown(row, { key: 'Enter' });
      expect(await within(panel()).findByTestId('conversation-detail-session-alone')).toBeTruthy();
      expect(within(panel()).getByTestId('conversation-detail-question').textContent).toBe('Question 5');

      fireEvent.click(screen.getByTestId('conversation-detail-close'));
      await eventually(() => expect(screen.queryByTestId('conversation-detail')).toBeNull());
      // The star in the row is the row's own: it does not open the panel.
      fireEvent.click(screen.getByTestId('conversation-bookmark-5'));
      expect(screen.queryByTestId('conversation-detail')).toBeNull();
    });

    it('bookmarks from the panel, and the table’s star follows', async () => {
      const calls = withVisit((call) =>
        call.method === 'PUT' ? { body: { ...visit[1]!, bookmarked: true } } : undefined,
      );
      render();
      fireEvent.click(await screen.findByTestId('conversation-acquire-32'));
      const button = await within(await screen.findByTestId('conversation-detail')).findByTestId(
        'conversation-detail-bookmark',
      );
      expect(button.textContent).toBe('Bookmark');
      fireEvent.click(button);
      await eventually(() => expect(button.getAttribute('aria-pressed')).toBe('true'));
      expect(button.textContent).toBe('Remove bookmark');
      expect(screen.getByTestId('conversation-bookmark-32').getAttribute('aria-pressed')).toBe('true');
      expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
        { id: 32, device_id: 7, bookmarked: true },
      ]);
    });

    it('still shows the conversation when its visit cannot be loaded', async () => {
      withVisit((call) =>
        call.path === '/conversation/session'
          ? { status: 500, body: { success: false, message: 'down' } }
          : undefined,
      );
      render();
      fireEvent.click(await screen.findByTestId('conversation-acquire-32'));
      expect(
        await within(panel()).findByText('The other questions of this visit could not be loaded.'),
      ).toBeTruthy();
      expect(within(panel()).getByTestId('conversation-detail-question').textContent).toBe(visit[1]!.acquire);
    });
  });
});
