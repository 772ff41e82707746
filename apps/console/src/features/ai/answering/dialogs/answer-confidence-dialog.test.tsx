import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AiSettings, ConfidencePreview } from '@ambassador/contracts';
import { authStore } from '@/shared/auth/auth-store';
import { fakeServer, type FakeCall } from '@/shared/test/fake-server';
import { renderWithApp } from '@/shared/test/render-with-app';
import { snackbarStore } from '@/shared/ui/snackbar/snackbar-store';
import { SettingsCard } from '../components/settings-card';

/** Scores of the device's recent questions (text → [score, times]): the fake server's matcher. */
const ASKED: Record<string, [number, number]> = {
  'where is the parking': [0.81, 3],
  'where can I leave my car': [0.42, 2],
  'when do you open': [0.41, 1],
  'who won the world cup': [0, 1],
};

function previewOf(current: number, proposed: number): ConfidencePreview {
  const count = (threshold: number) => {
    let answered = 0;
    let total = 0;
    for (const [score, times] of Object.values(ASKED)) {
      total += times;
      if (score > 0 && score >= threshold) answered += times;
    }
    return { answered, fallback: total - answered };
  };
  const changes = Object.entries(ASKED)
    .filter(([, [score]]) => score > 0 && score >= current !== score >= proposed)
    .map(([text, [score, times]]) => ({
      text,
      language: 'english' as const,
      times,
      topic: { id: text.includes('open') ? 2 : 1, name: text.includes('open') ? 'Opening hours' : 'Parking' },
      score,
      change: score >= proposed ? ('answers' as const) : ('falls_back' as const),
    }));
  return {
    current,
    proposed,
    since: '2026-10-25T00:00:00.000Z',
    questions: 7,
    limited: false,
    at_current: count(current),
    at_proposed: count(proposed),
    changes,
    changes_total: changes.length,
  };
}

function server(initial: number | null, saveReply?: () => { status: number; body: unknown }) {
  let settings: AiSettings = {
    is_enabled_related_intents: true,
    answer_confidence: initial,
    default_answer_confidence: 0.5,
  };
  const calls = fakeServer((call: FakeCall) => {
    if (call.path === '/ai_config/settings') return { body: settings };
    if (call.path === '/ai_config/answer_confidence/preview') {
      const current = settings.answer_confidence ?? settings.default_answer_confidence;
      return { body: previewOf(current, Number(call.query.get('answer_confidence'))) };
    }
    if (call.path === '/ai_config/answer_confidence' && call.method === 'PUT') {
      const failure = saveReply?.();
      if (failure) return failure;
      settings = { ...settings, answer_confidence: (call.body as AiSettings).answer_confidence };
      return { body: settings };
    }
    return undefined;
  });
  return calls;
}

const previews = (calls: FakeCall[]) =>
  calls
    .filter((c) => c.path === '/ai_config/answer_confidence/preview')
    .map((c) => c.query.get('answer_confidence'));

async function openDialog() {
  const open = await screen.findByTestId('answer-confidence-open');
  await waitFor(() => expect((open as HTMLButtonElement).disabled).toBe(false));
  fireEvent.click(open);
  return screen.findByTestId('answer-confidence-dialog');
}

afterEach(() => {
  cleanup();
  authStore.clear();
  vi.unstubAllGlobals();
});

describe('Answer confidence in AI Configuration', () => {
  it('shows the default, previews a moved slider after it rests, and lists the questions that change', async () => {
    const calls = server(null);
    renderWithApp(<SettingsCard />, '/ai');
    expect(
      await screen.findByText('50% (default): a question whose best topic scores less falls back.'),
    ).toBeTruthy();
    const dialog = await openDialog();
    const slider = within(dialog).getByTestId<HTMLInputElement>('answer-confidence-slider');
    // Labelled, with its value read as a percentage.
    expect(slider.getAttribute('aria-labelledby')).toBe('answer-confidence-label');
    expect(slider.getAttribute('aria-valuetext')).toBe('50%');
    await waitFor(() =>
      expect(within(dialog).getByTestId('answer-confidence-now-answered').textContent).toBe('3'),
    );
    expect(within(dialog).getByTestId('answer-confidence-no-changes')).toBeTruthy();
    expect(within(dialog).getByTestId<HTMLButtonElement>('answer-confidence-save').disabled).toBe(true);
    // Reset is for a device with a value of its own.
    expect(within(dialog).getByTestId<HTMLButtonElement>('answer-confidence-reset').disabled).toBe(true);

    // Several steps in a row: one preview, of where the slider rested.
    for (const value of [48, 45, 40]) fireEvent.change(slider, { target: { value } });
    expect(within(dialog).getByTestId('answer-confidence-percent').textContent).toBe('40%');
    await waitFor(() =>
      expect(within(dialog).getByTestId('answer-confidence-at-answered').textContent).toBe('6+3'),
    );
    expect(previews(calls)).toEqual(['0.5', '0.4']);
    expect(within(dialog).getByTestId('answer-confidence-at-fallback').textContent).toBe('1−3');
    const changes = within(dialog).getAllByTestId('answer-confidence-change');
    expect(changes.map((c) => c.getAttribute('data-change'))).toEqual(['answers', 'answers']);
    expect(changes[0]!.textContent).toContain('where can I leave my car (asked 2 times)');
    expect(changes[0]!.textContent).toContain('Parking, score 42%');
    expect(within(dialog).getByText('Questions that change (2)')).toBeTruthy();
  });

  it('saves the value, says so, and closes; Reset to default then saves null', async () => {
    const calls = server(null);
    renderWithApp(<SettingsCard />, '/ai');
    const dialog = await openDialog();
    fireEvent.change(within(dialog).getByTestId('answer-confidence-slider'), { target: { value: 85 } });
    fireEvent.click(within(dialog).getByTestId('answer-confidence-save'));
    await waitFor(() => expect(screen.queryByTestId('answer-confidence-dialog')).toBeNull());
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ device_id: 7, answer_confidence: 0.85 });
    expect(snackbarStore.get().text).toBe('Answer confidence set to 85%');
    expect(screen.getByTestId('answer-confidence-value').textContent).toBe(
      '85%: a question whose best topic scores less falls back.',
    );

    const again = await openDialog();
    expect(within(again).getByTestId('answer-confidence-percent').textContent).toBe('85%');
    fireEvent.click(within(again).getByTestId('answer-confidence-reset'));
    await waitFor(() => expect(screen.queryByTestId('answer-confidence-dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'PUT').at(-1)?.body).toEqual({
      device_id: 7,
      answer_confidence: null,
    });
    expect(snackbarStore.get().text).toBe('Answer confidence reset to the default');
  });

  it('keeps the dialog open and says why when saving is refused', async () => {
    server(0.6, () => ({
      status: 400,
      body: {
        success: false,
        data: null,
        error: 'validation_error',
        message: 'Invalid input. answer_confidence: Answer confidence is from 5% to 95%',
        issues: [
          {
            path: ['answer_confidence'],
            key: 'answer_confidence_range',
            params: { min: 5, max: 95 },
            message: 'Answer confidence is from 5% to 95%',
          },
        ],
      },
    }));
    renderWithApp(<SettingsCard />, '/ai');
    const dialog = await openDialog();
    fireEvent.change(within(dialog).getByTestId('answer-confidence-slider'), { target: { value: 70 } });
    fireEvent.click(within(dialog).getByTestId('answer-confidence-save'));
    await waitFor(() => expect(snackbarStore.get().status).toBe('error'));
    expect(snackbarStore.get().text).toContain('Answer confidence is from 5% to 95%');
    expect(screen.getByTestId('answer-confidence-dialog')).toBeTruthy();
    expect(within(dialog).getByTestId<HTMLButtonElement>('answer-confidence-save').disabled).toBe(false);
  });
});
