import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { AppSnackbar } from './app-snackbar';
import {
  SNACKBAR_TIMEOUT,
  SNACKBAR_TIMEOUT_MAX,
  notify,
  snackbarStore,
  snackbarTimeout,
} from './snackbar-store';

afterEach(() => {
  act(() => notify.close());
  cleanup();
  vi.useRealTimers();
});

const FORTY_WORDS =
  'The transfer finished: every question topic, keyword, response and alias of Riverside Lobby is now on ' +
  'the East Wing kiosk. Its assistant is learning them and answers with the new data in about a minute. ' +
  'Undo it from the history.';

describe('how long a notice stays', () => {
  it('grows with the text: a word goes in 2 s, forty words stay long enough to read', () => {
    expect(FORTY_WORDS.split(/\s+/)).toHaveLength(40);
    expect(snackbarTimeout('Saved')).toBe(SNACKBAR_TIMEOUT);
    expect(snackbarTimeout('Location added: Pharmacy on the ground floor')).toBeGreaterThan(SNACKBAR_TIMEOUT);
    expect(snackbarTimeout(FORTY_WORDS)).toBe(SNACKBAR_TIMEOUT_MAX);
    // Chinese says as much in fewer characters.
    expect(snackbarTimeout('已將所有問題主題、關鍵字及回應轉移到東翼資訊站')).toBeGreaterThan(
      snackbarTimeout('Moved every topic to the East'),
    );
    notify.success(FORTY_WORDS);
    expect(snackbarStore.get().timeout).toBe(SNACKBAR_TIMEOUT_MAX);
    notify.error('Failed');
    expect(snackbarStore.get().timeout).toBe(SNACKBAR_TIMEOUT);
  });

  it('keeps a long success message on screen after a short one would have gone', () => {
    vi.useFakeTimers();
    render(<AppSnackbar />);
    act(() => notify.success('Saved'));
    expect(screen.getByTestId('snackbar').textContent).toContain('Saved');
    act(() => vi.advanceTimersByTime(SNACKBAR_TIMEOUT + 500));
    expect(snackbarStore.get().open).toBe(false);

    act(() => notify.success(FORTY_WORDS));
    act(() => vi.advanceTimersByTime(SNACKBAR_TIMEOUT + 500));
    expect(snackbarStore.get().open).toBe(true);
    expect(screen.getByTestId('snackbar').textContent).toContain('Undo it from the history.');
    act(() => vi.advanceTimersByTime(SNACKBAR_TIMEOUT_MAX));
    expect(snackbarStore.get().open).toBe(false);
  });
});
