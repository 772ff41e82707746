import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Call } from '@ambassador/contracts';
import { LOGGED_OUT, authStore } from '@/shared/auth/auth-store';
import { renderWithApp } from '@/shared/test/render-with-app';
import { aCall, callServer, listReads, uuid } from '../test/fixtures';
import { CallHistoryDialog, HISTORY_SEARCH_DEBOUNCE_MS } from './call-history-dialog';

/** 23 calls, newest first: every third missed, the rest ended; operators mary and john. */
const history: Call[] = Array.from({ length: 23 }, (_, i) =>
  aCall(uuid(i + 1), {
    created_at: new Date(Date.UTC(2025, 2, 4, 12, 0) - i * 3_600_000).toISOString(),
    device_name: i % 2 === 0 ? 'Lobby kiosk' : 'Gate kiosk',
    ...(i % 3 === 2
      ? { status: 'missed', answered_at: null, answered_by: null, duration_seconds: null }
      : { answered_by: i % 2 === 0 ? 'mary' : 'john', duration_seconds: 60 + i }),
  }),
);

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  authStore.set(LOGGED_OUT);
});

const lastQuery = (calls: ReturnType<typeof callServer>) =>
  Object.fromEntries(listReads(calls).at(-1)?.query ?? []);

function rowsShown() {
  return within(screen.getByTestId('call-history-table')).queryAllByTestId(/^history-row-/);
}

async function choose(selectTestId: string, optionTestId: string) {
  fireEvent.mouseDown(screen.getByTestId(selectTestId));
  const listbox = await screen.findByRole('listbox');
  fireEvent.click(within(listbox).getByTestId(optionTestId));
}

describe('CallHistoryDialog', () => {
  it('pages the project’s calls by 10 with time, device, status, operator and duration', async () => {
    const calls = callServer(() => history);
    renderWithApp(
      <CallHistoryDialog open onClose={() => undefined} onShow={() => undefined} />,
      '/live_video',
    );

    await waitFor(() => expect(rowsShown()).toHaveLength(10));
    expect(lastQuery(calls)).toEqual({ limit: '10', offset: '0' });
    const first = screen.getByTestId(`history-row-${uuid(1)}`);
    expect(first.textContent).toContain('Lobby kiosk');
    expect(first.textContent).toContain('Ended');
    expect(first.textContent).toContain('mary');
    expect(first.textContent).toContain('1:00');
    const missed = screen.getByTestId(`history-row-${uuid(3)}`);
    expect(missed.textContent).toContain('Missed');
    expect(missed.textContent).toContain('—');
    expect(screen.getByText('1–10 of 23')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(lastQuery(calls)).toEqual({ limit: '10', offset: '10' }));
    await waitFor(() => expect(screen.getByText('11–20 of 23')).toBeTruthy());
  });

  it('filters by status and device, starting again from the first page', async () => {
    const calls = callServer(() => history);
    renderWithApp(
      <CallHistoryDialog open onClose={() => undefined} onShow={() => undefined} />,
      '/live_video',
    );
    await waitFor(() => expect(rowsShown()).toHaveLength(10));
    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(lastQuery(calls).offset).toBe('10'));

    await choose('history-status', 'history-status-missed');
    await waitFor(() => expect(lastQuery(calls)).toEqual({ limit: '10', offset: '0', status: 'missed' }));
    await waitFor(() => expect(rowsShown()).toHaveLength(7));
    for (const row of rowsShown()) expect(row.textContent).toContain('Missed');

    // Never the old page with the new filter.
    expect(listReads(calls).some((c) => c.query.get('status') && c.query.get('offset') !== '0')).toBe(false);

    await choose('history-device', 'history-device-7');
    await waitFor(() =>
      expect(lastQuery(calls)).toEqual({ limit: '10', offset: '0', status: 'missed', device_id: '7' }),
    );

    await choose('history-status', 'history-status-all');
    await waitFor(() => expect(lastQuery(calls)).toEqual({ limit: '10', offset: '0', device_id: '7' }));
  });

  it('searches 500 ms after typing stops', async () => {
    vi.useFakeTimers();
    const calls = callServer(() => history);
    renderWithApp(
      <CallHistoryDialog open onClose={() => undefined} onShow={() => undefined} />,
      '/live_video',
    );
    await act(() => vi.advanceTimersByTimeAsync(50));
    const reads = () => listReads(calls).length;
    const before = reads();

    fireEvent.change(screen.getByTestId('history-search'), { target: { value: 'jo' } });
    await act(() => vi.advanceTimersByTimeAsync(200));
    fireEvent.change(screen.getByTestId('history-search'), { target: { value: ' john ' } });
    await act(() => vi.advanceTimersByTimeAsync(HISTORY_SEARCH_DEBOUNCE_MS - 1));
    expect(reads()).toBe(before);
    await act(() => vi.advanceTimersByTimeAsync(1));
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(reads()).toBe(before + 1);
    expect(lastQuery(calls)).toEqual({ limit: '10', offset: '0', search: 'john' });
    for (const row of rowsShown()) expect(row.textContent).toContain('john');
  });

  it('says so when nothing matches, and opens a call in the page', async () => {
    const onShow = vi.fn();
    callServer(() => history);
    renderWithApp(<CallHistoryDialog open onClose={() => undefined} onShow={onShow} />, '/live_video');
    await waitFor(() => expect(rowsShown()).toHaveLength(10));
    fireEvent.click(screen.getByTestId(`history-show-${uuid(2)}`));
    expect(onShow).toHaveBeenCalledWith(history[1]);

    fireEvent.change(screen.getByTestId('history-search'), { target: { value: 'nobody-by-this-name' } });
    expect((await screen.findByTestId('table-empty', {}, { timeout: 3000 })).textContent).toBe(
      'No calls match.',
    );
  });
});
