import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { DashboardDay } from '@ambassador/contracts';
import i18n from '@/i18n/i18n';
import { renderWithApp } from '@/shared/test/render-with-app';
import { ConversationChart } from './conversation-chart';

/** `n` days from 2026-03-01 with conversations 10, 11, 12…, 1 fallback and i sessions. */
function march(n: number): DashboardDay[] {
  return Array.from({ length: n }, (_, i) => ({
    date: `2026-03-${String(i + 1).padStart(2, '0')}`,
    conversations: 10 + i,
    fallback_conversations: 1,
    q_a_sessions: i,
  }));
}

const chart = () => screen.getByTestId('dashboard-chart');
const tooltip = () => screen.queryByTestId('dashboard-chart-tooltip');
/** The text of what is drawn for sight (axes and legend), without the screen reader's table. */
const drawnText = (selector: string) =>
  [...chart().querySelectorAll(`[aria-hidden="true"]${selector} > *`)].map((e) => e.textContent);
/** The day labels along the bottom matching `pattern`, hidden by a container query or not. */
const dayLabels = (pattern: RegExp) =>
  [...chart().querySelectorAll('[aria-hidden="true"] > span')].filter((e) =>
    pattern.test(e.textContent ?? ''),
  );

afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  await i18n.changeLanguage('en');
});

describe('ConversationChart', () => {
  it('draws a line per series, a legend, whole-number counts up the side and the days along the bottom', () => {
    renderWithApp(<ConversationChart days={march(7)} />, '/dashboard');

    const lines = [...chart().querySelectorAll('path[data-series]')];
    expect(lines.map((p) => p.getAttribute('data-series'))).toEqual([
      'conversations',
      'fallback_conversations',
      'q_a_sessions',
    ]);
    for (const line of lines) expect(line.getAttribute('d')).toMatch(/^M0,/);
    expect(chart().querySelectorAll('path.area')).toHaveLength(1);
    expect(chart().querySelectorAll('path.mark')).toHaveLength(3);

    expect(drawnText('ul')).toEqual(['Conversations', 'Fallback conversations', 'Q&A sessions']);
    // The highest count is 16: the side reads 0, 5, 10, 15, 20 — whole numbers from zero.
    const side = drawnText('div').filter((text) => /^\d+$/.test(text ?? ''));
    expect(side).toContain('0');
    expect(side.every((text) => Number.isInteger(Number(text)))).toBe(true);
    expect(Math.max(...side.map(Number))).toBeGreaterThanOrEqual(16);
    // Seven days: each has a label on a wide card; on a narrow one (a container query) the first,
    // the last and every other one between.
    const days = dayLabels(/^Mar/);
    expect(days.map((e) => e.textContent)).toEqual([
      'Mar 1',
      'Mar 2',
      'Mar 3',
      'Mar 4',
      'Mar 5',
      'Mar 6',
      'Mar 7',
    ]);
    expect(days.filter((e) => !e.classList.contains('wide-only')).map((e) => e.textContent)).toEqual([
      'Mar 1',
      'Mar 3',
      'Mar 5',
      'Mar 7',
    ]);
  });

  it('labels at most 6 days of a long range on a narrow card and 8 on a wide one, always the first and the last, and drops the dots', () => {
    const days = Array.from({ length: 90 }, (_, i) => ({
      date: new Date(Date.UTC(2026, 0, 1 + i)).toISOString().slice(0, 10),
      conversations: i % 7,
      fallback_conversations: 0,
      q_a_sessions: 1,
    }));
    renderWithApp(<ConversationChart days={days} />, '/dashboard');
    const labels = dayLabels(/^[A-Z][a-z]{2} \d+$/);
    for (const hidden of ['wide-only', 'narrow-only']) {
      const shown = labels.filter((e) => !e.classList.contains(hidden)).map((e) => e.textContent);
      expect(shown.length).toBeLessThanOrEqual(hidden === 'wide-only' ? 6 : 8);
      expect(shown.length).toBeGreaterThanOrEqual(hidden === 'wide-only' ? 5 : 7);
      expect(shown[0]).toBe('Jan 1');
      expect(shown.at(-1)).toBe('Mar 31');
    }
    expect(chart().querySelectorAll('path.mark')).toHaveLength(0);
  });

  it('shows a day’s figures under the pointer, and follows the arrow keys', () => {
    renderWithApp(<ConversationChart days={march(7)} />, '/dashboard');
    const plot = screen.getByTestId('dashboard-chart-plot');
    vi.spyOn(plot, 'getBoundingClientRect').mockReturnValue(new DOMRect(100, 0, 600, 236));
    expect(tooltip()).toBeNull();

    // A third of the way across seven days is the third day.
    fireEvent.pointerMove(plot, { clientX: 300 });
    expect(tooltip()!.textContent).toContain('Mar 3, 2026');
    expect(within(tooltip()!).getByText('Conversations').textContent).toBe('Conversations12');
    expect(within(tooltip()!).getByText('Q&A sessions').textContent).toBe('Q&A sessions2');
    fireEvent.pointerLeave(plot);
    expect(tooltip()).toBeNull();

    chart().focus();
    fireEvent.keyDown(chart(), { key: 'ArrowRight' });
    expect(tooltip()!.textContent).toContain('Mar 1, 2026');
    fireEvent.keyDown(chart(), { key: 'ArrowRight' });
    expect(tooltip()!.textContent).toContain('Mar 2, 2026');
    fireEvent.keyDown(chart(), { key: 'End' });
    expect(tooltip()!.textContent).toContain('Mar 7, 2026');
    fireEvent.keyDown(chart(), { key: 'ArrowRight' });
    expect(tooltip()!.textContent).toContain('Mar 7, 2026');
    fireEvent.keyDown(chart(), { key: 'Escape' });
    expect(tooltip()).toBeNull();
  });

  it('gives a screen reader the figures as a table, in the interface language', async () => {
    await i18n.changeLanguage('zhHant');
    renderWithApp(<ConversationChart days={march(3)} />, '/dashboard');
    expect(chart().getAttribute('aria-label')).toBe('每日對話、未能回答的對話及問答工作階段的折線圖');
    const table = within(chart()).getByRole('table', { name: '每日對話數' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      '日期對話未能回答的對話問答工作階段',
      '2026年3月1日1010',
      '2026年3月2日1111',
      '2026年3月3日1212',
    ]);
  });
});
