import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { ZOpeningHoursSpan } from '@ambassador/contracts';
import '@/i18n/i18n';
import { PickersProvider } from '@/shared/ui/pickers-provider';
import { OpeningHoursEditor, type OpeningSpan } from './opening-hours-editor';

afterEach(cleanup);

const saved: OpeningSpan[][] = [];

function Editor() {
  const [hours, setHours] = useState<OpeningSpan[]>([
    { day: 'weekdays', start: '09:00', end: '18:00', overnight: false },
  ]);
  const change = (next: OpeningSpan[]) => {
    saved.push(next);
    setHours(next);
  };
  return (
    <PickersProvider>
      <OpeningHoursEditor value={hours} onChange={change} showErrors={false} />
    </PickersProvider>
  );
}

describe('opening hours editor', () => {
  it('offers "Every day", one span for the whole week that the contract takes', async () => {
    render(<Editor />);
    fireEvent.mouseDown(screen.getByTestId('hours-day-0'));
    const list = await screen.findByRole('listbox');
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toContain('Every day');
    fireEvent.click(within(list).getByRole('option', { name: 'Every day' }));
    expect(saved.at(-1)).toEqual([{ day: 'everyday', start: '09:00', end: '18:00', overnight: false }]);
    expect(ZOpeningHoursSpan.safeParse(saved.at(-1)![0]).success).toBe(true);
    expect(screen.getByTestId('hours-day-0').textContent).toBe('Every day');
  });
});
