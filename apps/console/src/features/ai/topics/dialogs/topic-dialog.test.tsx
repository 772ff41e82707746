import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { Category } from '@ambassador/contracts';
import { LOGGED_OUT, authStore } from '@/shared/auth/auth-store';
import { fakeServer, type FakeCall } from '@/shared/test/fake-server';
import { renderWithApp } from '@/shared/test/render-with-app';
import { aTopic } from '../test/fixtures';
import { SUGGESTION_DEBOUNCE_MS, TopicDialog } from './topic-dialog';

const categories: Category[] = [
  { category_id: 1, category_name: 'Facilities', parent_id: null, has_child: true, topic_count: 2 },
  { category_id: 2, category_name: 'Toilets', parent_id: 1, has_child: false, topic_count: 1 },
];

const topic = aTopic;

function server(extra?: (call: FakeCall) => { status?: number; body: unknown } | undefined) {
  return fakeServer((call) => {
    const custom = extra?.(call);
    if (custom) return custom;
    if (call.path === '/ai_config/intents/category') return { body: categories };
    if (call.path === '/ai_config/intents/auto_complete') {
      return {
        body: [
          { id: 11, name: `${call.query.get('text')} hours`, category_name: 'Facilities', parent_id: null },
          { id: 12, name: 'Opening times', category_name: 'Facilities', parent_id: null },
        ],
      };
    }
    return undefined;
  });
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  authStore.set(LOGGED_OUT);
});

const submit = () => fireEvent.click(screen.getByTestId('dialog-submit'));

describe('TopicDialog', () => {
  it('asks for a name and a category before it sends anything', async () => {
    const calls = server();
    renderWithApp(<TopicDialog open onClose={() => undefined} />, '/ai/keyword');
    expect(screen.getByText('Add Question Topic')).toBeTruthy();
    submit();
    expect(await screen.findByText('Topic Name is required')).toBeTruthy();
    expect(screen.getByText('Please select a category')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('creates a top-level topic with its category and closes', async () => {
    const onClose = vi.fn();
    const calls = server((call) =>
      call.method === 'POST' ? { body: topic(5, (call.body as { name: string }).name) } : undefined,
    );
    renderWithApp(<TopicDialog open onClose={onClose} />, '/ai/keyword');
    fireEvent.change(screen.getByTestId('topic-name'), { target: { value: '  Parking  ' } });
    fireEvent.mouseDown(screen.getByTestId('topic-category'));
    fireEvent.click(await screen.findByTestId('topic-category-option-2'));
    fireEvent.change(screen.getByTestId('topic-remarks'), { target: { value: 'Car park B' } });
    submit();
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({ device_id: 7, name: 'Parking', remarks: 'Car park B', category_id: 2 });
    // A top-level topic does not open its page.
    expect(screen.getByTestId('location').textContent).toBe('/ai/keyword');
  });

  it('adds a sub topic without a category and opens its page', async () => {
    const calls = server((call) =>
      call.method === 'POST' ? { body: topic(9, 'Night parking', { parent_id: 5 }) } : undefined,
    );
    renderWithApp(
      <TopicDialog open parent={{ id: 5, name: 'Parking' }} onClose={() => undefined} />,
      '/ai/keyword',
    );
    expect(screen.getByText('Add Sub Topic')).toBeTruthy();
    expect(screen.queryByTestId('topic-category')).toBeNull();
    fireEvent.change(screen.getByTestId('topic-name'), { target: { value: 'Night parking' } });
    submit();
    await vi.waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/ai/keyword/question/9'));
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      parent_id: 5,
      name: 'Night parking',
    });
  });

  it('shows a taken name in the name field', async () => {
    server((call) =>
      call.method === 'POST'
        ? {
            status: 409,
            body: { success: false, message: 'Topic name taken', error: 'topic_name_taken' },
          }
        : undefined,
    );
    renderWithApp(
      <TopicDialog open parent={{ id: 5, name: 'Parking' }} onClose={() => undefined} />,
      '/ai/keyword',
    );
    fireEvent.change(screen.getByTestId('topic-name'), { target: { value: 'Parking' } });
    submit();
    expect(await screen.findByText('A question topic with this name already exists.')).toBeTruthy();
    // Typing again clears it.
    fireEvent.change(screen.getByTestId('topic-name'), { target: { value: 'Parking 2' } });
    expect(screen.queryByText('A question topic with this name already exists.')).toBeNull();
  });

  it('suggests existing topics only after a 500 ms pause, and opens the one chosen', async () => {
    vi.useFakeTimers();
    const onClose = vi.fn();
    const calls = server();
    renderWithApp(<TopicDialog open onClose={onClose} />, '/ai/keyword');
    const searches = () => calls.filter((c) => c.path === '/ai_config/intents/auto_complete');

    fireEvent.change(screen.getByTestId('topic-name'), { target: { value: 'Op' } });
    await act(() => vi.advanceTimersByTimeAsync(300));
    fireEvent.change(screen.getByTestId('topic-name'), { target: { value: 'Open' } });
    await act(() => vi.advanceTimersByTimeAsync(SUGGESTION_DEBOUNCE_MS - 1));
    expect(searches()).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(searches().map((c) => c.query.get('text'))).toEqual(['Open']);
    // Let the answer arrive (TanStack Query batches its notifications on a timer).
    await act(() => vi.advanceTimersByTimeAsync(50));

    const list = screen.getByTestId('topic-suggestions');
    expect(within(list).getByTestId('topic-suggestion-11').textContent).toContain('Open hours');
    fireEvent.click(screen.getByTestId('topic-suggestion-12'));
    expect(onClose).toHaveBeenCalled();
    expect(screen.getByTestId('location').textContent).toBe('/ai/keyword/question/12');
  });

  it('does not search for an empty name', async () => {
    vi.useFakeTimers();
    const calls = server();
    renderWithApp(<TopicDialog open onClose={() => undefined} />, '/ai/keyword');
    fireEvent.change(screen.getByTestId('topic-name'), { target: { value: '   ' } });
    await act(() => vi.advanceTimersByTimeAsync(SUGGESTION_DEBOUNCE_MS * 2));
    expect(calls.filter((c) => c.path === '/ai_config/intents/auto_complete')).toEqual([]);
    expect(screen.queryByTestId('topic-suggestions')).toBeNull();
  });

  it('edits a topic with PUT, keeping its id', async () => {
    const onClose = vi.fn();
    const calls = server((call) => (call.method === 'PUT' ? { body: topic(3, 'Lifts') } : undefined));
    renderWithApp(<TopicDialog open topic={topic(3, 'Lift')} onClose={onClose} />, '/ai/keyword');
    expect(screen.getByText('Edit Question Topic')).toBeTruthy();
    fireEvent.change(screen.getByTestId('topic-name'), { target: { value: 'Lifts' } });
    submit();
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      device_id: 7,
      id: 3,
      name: 'Lifts',
      remarks: '',
      category_id: 1,
    });
  });
});
