import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import i18n from '@/i18n/i18n';
import type { UiLanguage } from '@/i18n/languages';
import { renderWithApp } from '@/shared/test/render-with-app';
import { DateRangePicker } from './date-range-picker';

const labels = { start: 'From', end: 'To', presets: 'Quick ranges', preset: (d: number) => `${d} days` };
const RANGE = { start: '2026-11-17', end: '2026-11-20' };

async function show(language: UiLanguage, range = RANGE) {
  await i18n.changeLanguage(language);
  const onChange = vi.fn();
  renderWithApp(<DateRangePicker value={range} onChange={onChange} labels={labels} />, '/');
  return onChange;
}

/** What the operator reads in a field: its sections and separators, without the label. */
const shown = (testId: string) =>
  within(screen.getByTestId(testId))
    .getAllByRole('spinbutton')
    .map((section) => `${section.textContent}${section.nextSibling?.textContent ?? ''}`)
    .join('');

afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

describe('DateRangePicker', () => {
  it('writes days in the order of the interface language', async () => {
    await show('zhHant');
    expect(shown('date-range-start')).toBe('2026/11/17');
    expect(shown('date-range-end')).toBe('2026/11/20');
    cleanup();
    await show('zhHans');
    expect(shown('date-range-start')).toBe('2026/11/17');
    cleanup();
    await show('en');
    expect(shown('date-range-start')).toBe('11/17/2026');
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
    const end = screen.getByTestId('date-range-end');
    // What the keyboard (or a paste) puts into the field, written year first in Chinese.
    fireEvent.change(end.querySelector('input')!, { target: { value: '2026/11/19' } });
    expect(shown('date-range-end')).toBe('2026/11/19');
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.blur(within(end).getByRole('spinbutton', { name: '日期' }));
    expect(onChange).toHaveBeenLastCalledWith({ start: '2026-11-17', end: '2026-11-19' });
  });
});
