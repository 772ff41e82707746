import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, screen, within } from '@testing-library/react';
import type { Conversation } from '@ambassador/contracts';
import { LOGGED_OUT, authStore } from '@/shared/auth/auth-store';
import { addDays, today } from '@/shared/lib/day-range';
import { renderWithApp } from '@/shared/test/render-with-app';
import { aConversation, conversationServer, listCalls } from '../test/fixtures';
import { ConversationPage } from '../pages/conversation-page';
import { BookmarkCard } from './bookmark-card';

configure({ asyncUtilTimeout: 4000 });
const eventually = <T,>(check: () => T) => vi.waitFor(check, { timeout: 4000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  authStore.set(LOGGED_OUT);
});

const bookmarkCalls = (calls: ReturnType<typeof conversationServer>) =>
  listCalls(calls).filter((c) => c.query.get('limit') === '5');

describe('BookmarkCard', { timeout: 20_000 }, () => {
  it('lists the selected device’s 5 newest bookmarks of the last 90 days', async () => {
    const rows = Array.from({ length: 5 }, (_, i) =>
      aConversation(i + 1, { bookmarked: true, acquire: `請問第 ${i + 1} 個問題` }),
    );
    const calls = conversationServer(rows);
    renderWithApp(<BookmarkCard />, '/dashboard');

    const card = await screen.findByTestId('right-bar-bookmarks');
    expect((await within(card).findByTestId('bookmark-card-item-1')).textContent).toContain(
      '請問第 1 個問題',
    );
    expect(
      within(card)
        .getAllByRole('link')
        .filter((a) => a.dataset.testid?.startsWith('bookmark-card-item')),
    ).toHaveLength(5);
    const start = addDays(today(), -89);
    expect(Object.fromEntries(bookmarkCalls(calls)[0]!.query.entries())).toMatchObject({
      start_datetime: start,
      end_datetime: today(),
      device_ids: '7',
      bookmarked: 'true',
      sort_by: 'datetime',
      order: 'desc',
      limit: '5',
      offset: '0',
    });
    // "View all" opens the review on bookmarks over the same 90 days the card covers.
    expect(within(card).getByTestId('bookmark-card-all').getAttribute('href')).toBe(
      `/conversation?bookmarked=1&start=${start}&end=${today()}`,
    );
    fireEvent.click(within(card).getByTestId('bookmark-card-all'));
    expect(screen.getByTestId('location').textContent).toBe(
      `/conversation?bookmarked=1&start=${start}&end=${today()}`,
    );
  });

  it('says when there are no bookmarks', async () => {
    conversationServer([]);
    renderWithApp(<BookmarkCard />, '/dashboard');
    expect((await screen.findByTestId('bookmark-card-empty')).textContent).toContain(
      'No bookmarked conversations in the last 90 days',
    );
  });

  it('shows a conversation starred in the table', async () => {
    const rows: Conversation[] = [aConversation(1), aConversation(2, { acquire: 'Is there free Wi-Fi?' })];
    const calls = conversationServer(rows, (call) => {
      if (call.method === 'PUT') {
        const { id, bookmarked } = call.body as { id: number; bookmarked: boolean };
        const row = rows.find((r) => r.id === id)!;
        row.bookmarked = bookmarked;
        return { body: row };
      }
      // The card asks for bookmarked ones only.
      if (call.method === 'GET' && call.path === '/conversation' && call.query.get('bookmarked') === 'true') {
        return { body: rows.filter((r) => r.bookmarked) };
      }
      return undefined;
    });
    renderWithApp(
      <>
        <ConversationPage />
        <BookmarkCard />
      </>,
      '/conversation',
    );
    expect(await screen.findByTestId('bookmark-card-empty')).toBeTruthy();

    fireEvent.click(await screen.findByTestId('conversation-bookmark-2'));

    const card = screen.getByTestId('right-bar-bookmarks');
    await eventually(() =>
      expect(within(card).getByTestId('bookmark-card-item-2').textContent).toContain('Is there free Wi-Fi?'),
    );
    expect(bookmarkCalls(calls).length).toBe(2);
  });
});
