import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, configure, fireEvent, screen, within } from '@testing-library/react';
import type { Aet, ConversationCount, DashboardDay, DashboardTrendDay, FaqItem } from '@ambassador/contracts';
import { LOGGED_OUT, authStore } from '@/shared/auth/auth-store';
import { addDays, lastDays, today } from '@/shared/lib/day-range';
import { fakeServer, type FakeCall } from '@/shared/test/fake-server';
import { renderWithApp, signedIn } from '@/shared/test/render-with-app';
import { DashboardPage } from './dashboard-page';

/** The table is large and the machine may be busy: give the screen time to settle. */
const eventually = <T,>(check: () => T) => vi.waitFor(check, { timeout: 4000 });
configure({ asyncUtilTimeout: 4000 });

type Figures = {
  graph: DashboardDay[];
  count: ConversationCount;
  aet: Aet;
  faq: FaqItem[];
  trends?: DashboardTrendDay[];
};

/** Each day 2 of 4 sessions contained and 3 of 4 ratings positive; the last day has nothing. */
function trendDays(range: { start: string; end: string }) {
  const list: DashboardTrendDay[] = [];
  for (let day = range.start; day <= range.end; day = addDays(day, 1)) {
    const none = day === range.end;
    list.push({
      date: day,
      sessions: none ? 0 : 4,
      contained: none ? 0 : 2,
      containment: none ? null : 0.5,
      ratings: none ? 0 : 4,
      satisfied: none ? 0 : 3,
      satisfaction: none ? null : 0.75,
    });
  }
  return list;
}

function days(range: { start: string; end: string }, perDay: (index: number) => Partial<DashboardDay>) {
  const list: DashboardDay[] = [];
  for (let day = range.start, i = 0; day <= range.end; day = addDays(day, 1), i++) {
    list.push({ date: day, conversations: 0, fallback_conversations: 0, q_a_sessions: 0, ...perDay(i) });
  }
  return list;
}

const busy: Figures = {
  graph: days(lastDays(7), (i) => ({ conversations: 10 + i, fallback_conversations: 1, q_a_sessions: 4 })),
  count: { conversations: 120, fallback_conversations: 10, q_a_sessions: 45 },
  aet: { average_seconds: 75.4, sessions: 45 },
  faq: [
    { intent_id: 3, intent_name: 'Opening hours', category: 'Facilities', count: 40 },
    { intent_id: 5, intent_name: '洗手間在哪裡', category: null, count: 10 },
  ],
  trends: trendDays(lastDays(7)),
};

const quiet: Figures = {
  graph: days(lastDays(7), () => ({})),
  count: { conversations: 0, fallback_conversations: 0, q_a_sessions: 0 },
  aet: { average_seconds: null, sessions: 0 },
  faq: [],
};

/** The dashboard calls, answered per device from `byDevice`. */
function serve(byDevice: Record<string, Figures>, fail?: (call: FakeCall) => boolean) {
  return fakeServer((call) => {
    if (fail?.(call)) return { status: 500, body: { success: false, message: 'Database unavailable' } };
    const figures = byDevice[call.query.get('device_id') ?? ''];
    if (!figures) return undefined;
    switch (call.path) {
      case '/dashboard/graph':
        return { body: figures.graph };
      case '/dashboard/conversation_count':
        return { body: figures.count };
      case '/dashboard/aet':
        return { body: figures.aet };
      case '/dashboard/faq':
        return { body: figures.faq };
      case '/dashboard/trends':
        return { body: figures.trends ?? trendDays({ start: '2000-01-01', end: '2000-01-01' }) };
    }
    return undefined;
  });
}

const dashboardCalls = (calls: FakeCall[]) => calls.filter((c) => c.path.startsWith('/dashboard/'));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  authStore.set(LOGGED_OUT);
});

describe('DashboardPage', { timeout: 20_000 }, () => {
  it('shows the figures of the last 7 days of the selected device', async () => {
    const calls = serve({ 7: busy });
    renderWithApp(<DashboardPage />, '/dashboard');

    expect(await screen.findByTestId('stat-conversations-value')).toHaveProperty('textContent', '120');
    expect(screen.getByTestId('stat-conversations-hint').textContent).toBe('10 fallback (8.3%)');
    expect(screen.getByTestId('stat-sessions-value').textContent).toBe('45');
    expect((await screen.findByTestId('stat-aet-value')).textContent).toBe('1:15');
    const faq = await screen.findByTestId('dashboard-faq');
    // The rows draw in a deferred render, a moment after the card.
    expect((await within(faq).findByTestId('faq-item-1')).textContent).toContain('Opening hours');
    expect(within(faq).getByTestId('faq-item-1').textContent).toContain('Facilities');
    expect(within(faq).getByTestId('faq-item-2').textContent).toContain('洗手間在哪裡');
    expect(within(faq).getByTestId('faq-item-2').textContent).toContain('No category');
    expect(await screen.findByTestId('dashboard-chart')).toBeTruthy();
    expect(screen.queryByTestId('dashboard-empty')).toBeNull();
    // Containment and satisfaction: the period's shares, and each day's with its counts (a day
    // with nothing to count shows a dash, not 0 %).
    await eventually(() =>
      expect(screen.getByTestId('dashboard-trends-totals').textContent).toBe(
        'Whole period: containment 50%, satisfaction 75%',
      ),
    );
    const trendRows = within(await screen.findByTestId('dashboard-trends-chart')).getAllByRole('row');
    expect(trendRows[1]!.textContent).toContain('50% (2 of 4)');
    expect(trendRows[1]!.textContent).toContain('75% (3 of 4)');
    expect(trendRows.at(-1)!.textContent).toContain('——');

    const range = lastDays(7);
    const sent = dashboardCalls(calls);
    expect(sent.map((c) => c.path).sort()).toEqual([
      '/dashboard/aet',
      '/dashboard/conversation_count',
      '/dashboard/faq',
      '/dashboard/graph',
      '/dashboard/trends',
    ]);
    for (const call of sent) {
      expect(call.query.get('start_datetime')).toBe(range.start);
      expect(call.query.get('end_datetime')).toBe(today());
      expect(call.query.get('tz')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
      expect(call.query.get('device_id')).toBe('7');
    }
  });

  it('opens the questions behind a top question, and a day of the chart, in Conversation Review', async () => {
    serve({ 7: busy });
    renderWithApp(<DashboardPage />, '/dashboard');
    const range = lastDays(7);
    const link = await screen.findByTestId('faq-questions-1');
    // Its name starts with the figure it shows (label in name).
    expect(link.getAttribute('aria-label')).toMatch(/^40 questions/);
    const to = new URL(link.getAttribute('href')!, 'http://x');
    expect(to.pathname).toBe('/conversation');
    expect(Object.fromEntries(to.searchParams)).toEqual({
      topic: '3',
      about: 'Opening hours',
      start: range.start,
      end: range.end,
      devices: '7',
    });
    fireEvent.click(link);
    await eventually(() =>
      expect(screen.getByTestId('location').textContent).toContain('/conversation?topic=3'),
    );
  });

  it('opens the questions of the day the arrows reached with Enter', async () => {
    serve({ 7: busy });
    renderWithApp(<DashboardPage />, '/dashboard');
    const chart = await screen.findByTestId('dashboard-chart');
    fireEvent.keyDown(chart, { key: 'End' });
    fireEvent.keyDown(chart, { key: 'Enter' });
    await eventually(() =>
      expect(screen.getByTestId('location').textContent).toContain(
        `/conversation?start=${today()}&end=${today()}&devices=7`,
      ),
    );
  });

  it('says so when nothing happened in the period instead of drawing a flat chart', async () => {
    serve({ 7: quiet });
    renderWithApp(<DashboardPage />, '/dashboard');

    expect((await screen.findByTestId('dashboard-empty')).textContent).toContain(
      'No conversations in this period',
    );
    expect(screen.queryByTestId('dashboard-chart')).toBeNull();
    expect((await screen.findByTestId('stat-aet-value')).textContent).toBe('—');
    expect(screen.getByTestId('stat-conversations-hint').textContent).toBe('0 fallback (—)');
    expect(await screen.findByTestId('faq-empty')).toBeTruthy();
  });

  it('fetches everything again for another device when the device changes', async () => {
    const calls = serve({ 7: busy, 8: quiet });
    renderWithApp(<DashboardPage />, '/dashboard');
    expect((await screen.findByTestId('stat-conversations-value')).textContent).toBe('120');

    act(() =>
      authStore.update({
        device_list: [...signedIn.device_list, { id: 8, description: 'Gate', kind: 'chatbot' }],
        selected_device: 8,
      }),
    );

    await eventually(() => expect(screen.getByTestId('stat-conversations-value').textContent).toBe('0'));
    expect(screen.getByTestId('dashboard-device').textContent).toContain('Gate');
    expect(await screen.findByTestId('dashboard-empty')).toBeTruthy();
    const forGate = dashboardCalls(calls).filter((c) => c.query.get('device_id') === '8');
    expect(forGate.map((c) => c.path).sort()).toEqual([
      '/dashboard/aet',
      '/dashboard/conversation_count',
      '/dashboard/faq',
      '/dashboard/graph',
      '/dashboard/trends',
    ]);
  });

  it('asks for the chosen preset range and keeps it in the address', async () => {
    const calls = serve({ 7: busy });
    renderWithApp(<DashboardPage />, '/dashboard');
    await screen.findByTestId('stat-conversations-value');

    fireEvent.click(screen.getByTestId('dashboard-range-preset-30'));

    const start = addDays(today(), -29);
    await eventually(() =>
      expect(
        dashboardCalls(calls)
          .filter((c) => c.query.get('start_datetime') === start)
          .map((c) => c.path).length,
      ).toBe(5),
    );
    expect(screen.getByTestId('location').textContent).toBe(`/dashboard?start=${start}&end=${today()}`);
    expect(screen.getByTestId('dashboard-range-preset-30').getAttribute('aria-pressed')).toBe('true');
  });

  it('never lets the end of the range come before its start', async () => {
    const calls = serve({ 7: busy });
    renderWithApp(<DashboardPage />, '/dashboard?start=2025-03-01&end=2025-03-10');
    await screen.findByTestId('stat-conversations-value');

    // The end picked in the calendar, a month back: 2025-02-20, before the start.
    fireEvent.click(within(screen.getByTestId('dashboard-range-end')).getByRole('button'));
    fireEvent.click(await screen.findByRole('button', { name: 'Previous month' }));
    // Once the month has slid in, one grid (February's) is left.
    fireEvent.click(await screen.findByRole('gridcell', { name: '20' }));

    await eventually(() =>
      expect(screen.getByTestId('location').textContent).toBe('/dashboard?start=2025-02-20&end=2025-02-20'),
    );
    await eventually(() =>
      expect(
        dashboardCalls(calls).some(
          (c) =>
            c.query.get('start_datetime') === '2025-02-20' && c.query.get('end_datetime') === '2025-02-20',
        ),
      ).toBe(true),
    );
  });

  it('shows what failed and loads it again on retry', async () => {
    let failing = true;
    serve({ 7: busy }, (call) => failing && call.path === '/dashboard/conversation_count');
    renderWithApp(<DashboardPage />, '/dashboard');

    const card = await screen.findByTestId('stat-conversations');
    await eventually(() =>
      expect(within(card).getByRole('alert').textContent).toContain('Database unavailable'),
    );
    // The other figures do not wait for the failed one.
    expect((await screen.findByTestId('stat-aet-value')).textContent).toBe('1:15');

    failing = false;
    fireEvent.click(within(card).getByRole('button', { name: 'Try again' }));
    await eventually(() => expect(screen.getByTestId('stat-conversations-value').textContent).toBe('120'));
  });
});
