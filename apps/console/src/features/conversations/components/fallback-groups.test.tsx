import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, screen, within } from '@testing-library/react';
import type { FallbackGroup, FallbackGroups } from '@ambassador/contracts';
import { LOGGED_OUT, authStore } from '@/shared/auth/auth-store';
import { fakeServer } from '@/shared/test/fake-server';
import { renderWithApp } from '@/shared/test/render-with-app';
import { ConversationPage } from '../pages/conversation-page';

configure({ asyncUtilTimeout: 4000 });

const smoking: FallbackGroup = {
  device_id: 7,
  device_name: 'Lobby',
  label: 'Where can I smoke?',
  count: 5,
  questions: [
    { text: 'Where can I smoke?', language: 'english', count: 3, last_at: '2026-04-01T03:00:00Z' },
    { text: '邊度可以食煙？', language: 'cantonese', count: 1, last_at: '2026-04-01T04:00:00Z' },
    { text: '哪里可以抽烟', language: 'mandarin', count: 1, last_at: '2026-04-01T05:00:00Z' },
  ],
  candidate: { id: 4, name: 'Outdoor areas' },
};
const atm: FallbackGroup = {
  ...smoking,
  label: 'Is there an ATM?',
  count: 2,
  questions: [{ text: 'Is there an ATM?', language: 'english', count: 2, last_at: '2026-04-01T06:00:00Z' }],
  candidate: null,
};

function serve(groups: FallbackGroups) {
  return fakeServer((call) => {
    if (call.method === 'GET' && call.path === '/conversation/fallback_groups') return { body: groups };
    if (call.method === 'GET' && call.path === '/ai_config/intents/category')
      return {
        body: [
          { category_id: 11, category_name: 'Facilities', parent_id: null, has_child: true, topic_count: 2 },
          { category_id: 12, category_name: 'Outdoors', parent_id: 11, has_child: false, topic_count: 0 },
        ],
      };
    if (call.method === 'POST' && call.path === '/conversation/fallback_groups/topic') {
      const body = call.body as { name: string; questions: unknown[] };
      return {
        body: { topic: { id: 99, name: body.name }, taught: body.questions.length, conversations: 5 },
      };
    }
    return undefined;
  });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  authStore.set(LOGGED_OUT);
});

describe('Unanswered, by meaning', { timeout: 20_000 }, () => {
  it('shows each group with its questions, languages and closest topic, the most asked first', async () => {
    const calls = serve({ by: 'meaning', groups: [smoking, atm], questions: 4, truncated: false });
    renderWithApp(<ConversationPage />, '/conversation?view=groups');
    const first = await screen.findByTestId('fallback-group-0');
    expect(within(first).getByRole('heading').textContent).toBe('Where can I smoke?');
    expect(first.textContent).toContain('Asked 5 times');
    expect(first.textContent).toContain('Cantonese');
    expect(first.textContent).toContain('Closest: Outdoor areas');
    expect(first.textContent).toContain('3 times');
    expect(screen.getByTestId('fallback-group-1').textContent).toContain('Is there an ATM?');
    expect(screen.getByTestId('fallback-groups-summary').textContent).toContain('4 different questions');
    expect(screen.queryByTestId('fallback-groups-by-wording')).toBeNull();
    // The table's own filters are not offered here: they do not apply to groups.
    expect(screen.queryByTestId('conversation-search')).toBeNull();
    const asked = calls.find((c) => c.path === '/conversation/fallback_groups')!;
    expect(asked.query.get('device_ids')).toBe('7');
  });

  it('says when questions are grouped by wording only', async () => {
    serve({ by: 'wording', groups: [atm], questions: 1, truncated: false });
    renderWithApp(<ConversationPage />, '/conversation?view=groups');
    expect((await screen.findByTestId('fallback-groups-by-wording')).textContent).toContain('wording only');
  });

  it('creates a topic from a group with the questions left ticked, then opens it', async () => {
    const calls = serve({ by: 'meaning', groups: [smoking, atm], questions: 4, truncated: false });
    renderWithApp(<ConversationPage />, '/conversation?view=groups');
    fireEvent.click(await screen.findByTestId('fallback-group-create-0'));
    const dialog = await screen.findByTestId('topic-from-group-dialog');
    expect((within(dialog).getByTestId('topic-from-group-name') as HTMLInputElement).value).toBe(
      'Where can I smoke?',
    );
    await vi.waitFor(() =>
      expect(within(dialog).getByTestId('topic-from-group-category').textContent).toBe('Facilities'),
    );
    fireEvent.change(within(dialog).getByTestId('topic-from-group-name'), {
      target: { value: 'Smoking area' },
    });
    fireEvent.click(within(dialog).getByTestId('topic-from-group-question-2'));
    fireEvent.click(within(dialog).getByTestId('topic-from-group-confirm'));
    await vi.waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/ai/keyword/question/99'),
    );
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.body).toEqual({
      device_id: 7,
      name: 'Smoking area',
      category_id: 11,
      questions: [
        { text: 'Where can I smoke?', language: 'english' },
        { text: '邊度可以食煙？', language: 'cantonese' },
      ],
    });
  });

  it('refuses to create with every question unticked, saying why, and sends nothing', async () => {
    const calls = serve({ by: 'meaning', groups: [atm], questions: 1, truncated: false });
    renderWithApp(<ConversationPage />, '/conversation?view=groups');
    fireEvent.click(await screen.findByTestId('fallback-group-create-0'));
    const dialog = await screen.findByTestId('topic-from-group-dialog');
    await vi.waitFor(() =>
      expect(within(dialog).getByTestId('topic-from-group-category').textContent).toBe('Facilities'),
    );
    fireEvent.click(within(dialog).getByTestId('topic-from-group-question-0'));
    fireEvent.click(within(dialog).getByTestId('topic-from-group-confirm'));
    expect(await within(dialog).findByText('Choose at least one question')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});
