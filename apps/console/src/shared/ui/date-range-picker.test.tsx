import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18n from '@/i18n/i18n';
import type { UiLanguage } from '@/i18n/languages';
import { renderWithApp } from '@/shared/test/render-with-app';
import { lastDays, today } from '@/shared/lib/day-range';
import { DateRangePicker } from './date-range-picker';

const labels = { start: 'From', end: 'To', presets: 'Quick ranges', preset: (d: number) => `${d} days` };
const RANGE = { start: '2026-11-17', end: '2026-11-20' };

async function show(language: UiLanguage, range = RANGE) {
  await i18n.changeLanguage(language);
  const onChange = vi.fn();
  renderWithApp(<DateRangePicker value={range} onChange={onChange} labels={labels} />, '/');
  return onChange;
}

/** The day the plain stand-in shows before the operator reaches for the field. */
const written = (testId: string) =>
  (screen.getByTestId(testId).querySelector('input') as HTMLInputElement).value;

/** What the operator reads in the real field: its sections and separators, without the label. */
const shown = (testId: string) =>
  within(screen.getByTestId(testId))
    .getAllByRole('spinbutton')
    .map((section) => `${section.textContent}${section.nextSibling?.textContent ?? ''}`)
    .join('');

/** Focus reaches the field: the real one replaces the stand-in and takes the focus. */
async function reach(testId: string) {
  act(() => (screen.getByTestId(testId).querySelector('input') as HTMLInputElement).focus());
  await waitFor(() => expect(within(screen.getByTestId(testId)).getAllByRole('spinbutton').length).toBe(3));
}

afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

describe('DateRangePicker', () => {
  it('writes days in the order of the interface language, the same before and after the field is reached', async () => {
    await show('zhHant');
    expect(written('date-range-start')).toBe('2026/11/17');
    expect(written('date-range-end')).toBe('2026/11/20');
    await reach('date-range-start');
    expect(shown('date-range-start')).toBe('2026/11/17');
    // Focus went from the stand-in into the real field.
    expect(screen.getByTestId('date-range-start').contains(document.activeElement)).toBe(true);
    cleanup();
    await show('zhHans');
    expect(written('date-range-start')).toBe('2026/11/17');
    await reach('date-range-start');
    expect(shown('date-range-start')).toBe('2026/11/17');
    cleanup();
    await show('en');
    expect(written('date-range-start')).toBe('11/17/2026');
    await reach('date-range-start');
    expect(shown('date-range-start')).toBe('11/17/2026');
    // The other field stays a stand-in until it is reached.
    expect(within(screen.getByTestId('date-range-end')).queryAllByRole('spinbutton')).toHaveLength(0);
  });

  it('takes a day picked in the calendar, in Chinese', async () => {
    const onChange = await show('zhHant');
    fireEvent.click(within(screen.getByTestId('date-range-start')).getByRole('button'));
    const calendar = await screen.findByRole('grid');
    // The calendar speaks the interface language too.
    expect(screen.getByRole('dialog').textContent).toContain('2026年11月');
    fireEvent.click(within(calendar).getByRole('gridcell', { name: '18' }));
    expect(onChange).toHaveBeenLastCalledWith({ start: '2026-11-18', end: '2026-11-20' });
  });

  it('moves the end along when the start is picked after it', async () => {
    const onChange = await show('en');
    fireEvent.click(within(screen.getByTestId('date-range-start')).getByRole('button'));
    fireEvent.click(within(await screen.findByRole('grid')).getByRole('gridcell', { name: '23' }));
    expect(onChange).toHaveBeenLastCalledWith({ start: '2026-11-23', end: '2026-11-23' });
  });

  it('takes a day typed in the interface language’s order once the operator leaves the field', async () => {
    const onChange = await show('zhHant');
    await reach('date-range-end');
    const end = screen.getByTestId('date-range-end');
    // What the keyboard (or a paste) puts into the field, written year first in Chinese.
    fireEvent.change(end.querySelector('input')!, { target: { value: '2026/11/19' } });
    expect(shown('date-range-end')).toBe('2026/11/19');
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.blur(within(end).getByRole('spinbutton', { name: '日期' }));
    expect(onChange).toHaveBeenLastCalledWith({ start: '2026-11-17', end: '2026-11-19' });
  });
  it('offers the presets as one group: the chosen one pressed, Tab stops once, arrows move along', async () => {
    const week = lastDays(7, today());
    const onChange = await show('en', week);
    const group = screen.getByRole('group', { name: 'Quick ranges' });
    const [d7, d30, d90] = within(group).getAllByRole('button');
    expect([d7, d30, d90].map((b) => b!.getAttribute('aria-pressed'))).toEqual(['true', 'false', 'false']);
    expect([d7, d30, d90].map((b) => b!.tabIndex)).toEqual([0, -1, -1]);

    act(() => d7!.focus());
    fireEvent.keyDown(d7!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(d30);
    fireEvent.keyDown(d30!, { key: 'End' });
    expect(document.activeElement).toBe(d90);
    fireEvent.keyDown(d90!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(d7);

    // The chosen preset again changes nothing; another one asks for its range.
    fireEvent.click(d7!);
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.click(d30!);
    expect(onChange).toHaveBeenCalledWith(lastDays(30, today()));
  });
});
