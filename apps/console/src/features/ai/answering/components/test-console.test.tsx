import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { TestConsoleResult } from '@ambassador/contracts';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import '@/i18n/i18n';
import { authStore, LOGGED_OUT } from '@/shared/auth/auth-store';
import { TestConsole } from './test-console';

const post = vi.hoisted(() => vi.fn());
vi.mock('@/shared/api/client', () => ({ api: { post } }));

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return (
    <MemoryRouter>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </MemoryRouter>
  );
}

const matched: TestConsoleResult = {
  fallback: false,
  threshold: 0.45,
  best: { intent_id: 4, intent_name: 'Where are the toilets', score: 0.873 },
  candidates: [
    { intent_id: 4, intent_name: 'Where are the toilets', score: 0.873 },
    { intent_id: 9, intent_name: 'Baby care room', score: 0.41 },
  ],
  responses: [
    {
      id: 1,
      intent_id: 4,
      language: 'english',
      device_type: 'ambassador',
      response_aim: 'give_info',
      response_type: 'multimedia',
      speech: 'On every floor next to the lifts.',
      custom_content: '',
      contents: [],
      updated_at: '2026-01-01T00:00:00Z',
    },
  ],
  related: [{ id: 12, name: 'Accessible toilets' }],
  avatar_motion: 'lean_in',
  answered_by: 'topic',
  language: 'cantonese',
  answer_text: null,
  source: null,
  steps: [],
};

beforeEach(() => {
  post.mockReset();
  authStore.set({
    ...LOGGED_OUT,
    status: 'logged_in',
    access_token: 'token',
    user_info: {
      project_id: 1,
      user_id: 1,
      username: 'admin',
      role_id: 3,
      is_password_expired: false,
      languages: ['cantonese', 'english'],
    },
    device_list: [{ id: 2, description: 'Kiosk', kind: 'ambassador' }],
    selected_device: 2,
  });
});

afterEach(() => {
  cleanup();
  authStore.clear();
});

describe('TestConsole', () => {
  it("asks in the user's first language and shows the match, runners-up, responses and related topics", async () => {
    post.mockResolvedValue({ data: matched, message: '', total: undefined });
    render(<TestConsole />, { wrapper });
    const input = screen.getByTestId('test-input').querySelector('input') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '  where is the toilet ' } });
    fireEvent.submit(input.closest('form') as HTMLFormElement);

    const turn = await screen.findByTestId('test-turn');
    expect(post).toHaveBeenCalledWith('/ai_config/test_console', {
      device_id: 2,
      language: 'cantonese',
      text: 'where is the toilet',
      // No live version: the draft is what the kiosks answer too.
      version: 'draft',
    });
    const best = await within(turn).findByTestId('test-best');
    expect(best.textContent).toBe('Where are the toilets');
    expect(best.getAttribute('href')).toBe('/ai/keyword/question/4');
    expect(within(turn).getByTestId('test-score').textContent).toBe('87%');
    expect(
      within(turn)
        .getAllByTestId('test-candidate')
        .map((c) => c.textContent),
    ).toEqual(['Baby care room · 41%']);
    expect(within(turn).getByText('On every floor next to the lifts.')).toBeTruthy();
    expect(within(turn).getByText('Accessible toilets')).toBeTruthy();
    expect(within(turn).getByTestId('test-motion').textContent).toBe('Avatar motion: Lean in');
    expect((input as HTMLInputElement).value).toBe('');
  });

  it('answers in the language a question was written in, says so, and goes on in it', async () => {
    post.mockResolvedValue({ data: { ...matched, language: 'english' }, message: '', total: undefined });
    render(<TestConsole />, { wrapper });
    const input = screen.getByTestId('test-input').querySelector('input') as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'where is the toilet' } });
    fireEvent.submit(input.closest('form') as HTMLFormElement);
    const turn = await screen.findByTestId('test-turn');
    expect((await within(turn).findByTestId('test-answered-in')).textContent).toBe(
      'Answered in English: the question was written in it, so the session goes on in it.',
    );
    expect(screen.getByTestId('test-language').textContent).toBe('English');
    fireEvent.change(input, { target: { value: 'and the lifts?' } });
    fireEvent.submit(input.closest('form') as HTMLFormElement);
    await screen.findAllByTestId('test-turn');
    expect(post).toHaveBeenLastCalledWith('/ai_config/test_console', {
      device_id: 2,
      language: 'english',
      text: 'and the lifts?',
      version: 'draft',
    });
    // Answered in the language asked: nothing said.
    expect(screen.getAllByTestId('test-answered-in')).toHaveLength(1);
  });

  it('says when nothing is close enough, and Reset session clears the transcript', async () => {
    post.mockResolvedValue({
      data: {
        ...matched,
        fallback: true,
        best: null,
        candidates: [{ intent_id: 9, intent_name: 'Baby care room', score: 0.2 }],
        responses: [],
        related: [],
        avatar_motion: null,
        answered_by: 'fallback',
        answer_text: null,
        source: null,
        steps: [],
      },
      message: '',
      total: undefined,
    });
    render(<TestConsole />, { wrapper });
    const session = screen.getByTestId('test-session').textContent;
    fireEvent.change(screen.getByTestId('test-input').querySelector('input') as HTMLInputElement, {
      target: { value: 'fly to the moon' },
    });
    fireEvent.click(screen.getByTestId('test-ask'));
    const fallback = await screen.findByTestId('test-fallback');
    expect(fallback.textContent).toBe('Fallback — no topic is close enough (threshold 45%)');
    expect(screen.queryByTestId('test-best')).toBeNull();
    expect(screen.getAllByTestId('test-candidate')).toHaveLength(1);

    fireEvent.click(screen.getByTestId('test-reset'));
    expect(screen.queryByTestId('test-turn')).toBeNull();
    expect(screen.getByTestId('test-session').textContent).not.toBe(session);
  });

  it('does not ask an empty question', () => {
    render(<TestConsole />, { wrapper });
    fireEvent.click(screen.getByTestId('test-ask'));
    expect(post).not.toHaveBeenCalled();
    expect(screen.getByText('Type a question first.')).toBeTruthy();
  });

  const ask = async (question: string) => {
    render(<TestConsole />, { wrapper });
    fireEvent.change(screen.getByTestId('test-input').querySelector('input') as HTMLInputElement, {
      target: { value: question },
    });
    fireEvent.click(screen.getByTestId('test-ask'));
    return screen.findByTestId('test-turn');
  };
  /** The server's reply when no topic answered: what the chain did instead. */
  const chainReply = (fields: Record<string, unknown>) => ({
    data: {
      ...matched,
      fallback: true,
      best: null,
      candidates: [],
      responses: [],
      related: [],
      avatar_motion: null,
      source: null,
      ...fields,
    },
    message: '',
    total: undefined,
  });
  const stepsOf = (turn: HTMLElement) =>
    within(turn)
      .getAllByTestId('answer-step')
      .map((row) => row.textContent);

  it('shows an answer read from the documents with its file and page, and every step in order', async () => {
    post.mockResolvedValue({
      data: {
        ...matched,
        fallback: true,
        best: null,
        candidates: [{ intent_id: 9, intent_name: 'Baby care room', score: 0.3 }],
        responses: [],
        related: [],
        avatar_motion: null,
        answered_by: 'document',
        answer_text: 'The museum opens at 10 am every day except Monday.',
        source: {
          document_id: 3,
          filename: 'visitor-guide.pdf',
          page: 4,
          heading: 'Opening hours',
          passage_id: 41,
          language: 'english',
        },
        steps: [
          { step: 'topic_filter', result: 'off', score: null, threshold: null, detail: null },
          { step: 'topics', result: 'no_match', score: 0.3, threshold: 0.45, detail: 'Baby care room' },
          {
            step: 'documents',
            result: 'answered',
            score: 0.81,
            threshold: 0.5,
            detail: 'visitor-guide.pdf p.4',
          },
          { step: 'small_talk', result: 'skipped', score: null, threshold: null, detail: null },
          { step: 'fallback', result: 'skipped', score: null, threshold: null, detail: null },
        ],
      },
      message: '',
      total: undefined,
    });
    const turn = await ask('when do you open');
    const answer = await within(turn).findByTestId('test-chain-answer');
    expect(within(answer).getByText('Answered from the documents')).toBeTruthy();
    expect(within(turn).getByTestId('test-answer-text').textContent).toBe(
      'The museum opens at 10 am every day except Monday.',
    );
    expect(within(turn).getByTestId('test-source').textContent).toBe(
      'Source: visitor-guide.pdf · page 4 · Opening hours · written in English',
    );
    // Not a fallback: the documents answered.
    expect(within(turn).queryByTestId('test-fallback')).toBeNull();
    expect(stepsOf(turn)).toEqual([
      'Topic filterOff',
      'TopicsNo match30% (needs 45%)Baby care room',
      'DocumentsAnswered81% (needs 50%)visitor-guide.pdf p.4',
      'Small talkSkipped',
      'FallbackSkipped',
    ]);
  });

  it('says why documents that scored well enough did not answer', async () => {
    post.mockResolvedValue(
      chainReply({
        answered_by: 'fallback',
        answer_text: null,
        steps: [
          {
            step: 'documents',
            result: 'no_match',
            score: 0.6,
            threshold: 0.25,
            detail: null,
            why: 'missing_time',
          },
          { step: 'small_talk', result: 'off', score: null, threshold: null, detail: null, why: null },
        ],
      }),
    );
    const turn = await ask('what time does the gift shop close');
    expect(stepsOf(turn)).toEqual([
      'DocumentsNo match60% (needs 25%)the sentence gives no time',
      'Small talkOff',
    ]);
  });

  it('says when the topic filter declined a question, and what the device answered instead', async () => {
    post.mockResolvedValue({
      data: {
        ...matched,
        responses: [],
        answered_by: 'declined',
        answer_text: 'Sorry, I cannot talk about that.',
        source: null,
        steps: [
          { step: 'topic_filter', result: 'declined', score: null, threshold: null, detail: 'politics' },
        ],
      },
      message: '',
      total: undefined,
    });
    const turn = await ask('what about politics');
    expect((await within(turn).findByTestId('test-chain-answer')).dataset.kind).toBe('declined');
    expect(within(turn).getByText('Declined by the topic filter')).toBeTruthy();
    expect(within(turn).getByTestId('test-answer-text').textContent).toBe('Sorry, I cannot talk about that.');
    expect(within(turn).queryByTestId('test-best')).toBeNull();
    expect(within(turn).queryByTestId('test-source')).toBeNull();
    expect(stepsOf(turn)).toEqual(['Topic filterDeclinedpolitics']);
  });

  it('shows small talk as what answered', async () => {
    post.mockResolvedValue(
      chainReply({ answered_by: 'small_talk', answer_text: 'Hello! How can I help?', steps: [] }),
    );
    const turn = await ask('hi');
    expect(await within(turn).findByText('Answered by small talk')).toBeTruthy();
    expect(within(turn).getByTestId('test-answer-text').textContent).toBe('Hello! How can I help?');
    expect(within(turn).queryByTestId('answer-steps')).toBeNull();
  });
});
