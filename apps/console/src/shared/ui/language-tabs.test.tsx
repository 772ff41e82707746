import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { Language } from '@ambassador/contracts';
import { changeUiLanguage } from '@/i18n/i18n';
import { useState } from 'react';
import { LanguageTabs } from './language-tabs';

afterEach(async () => {
  cleanup();
  await changeUiLanguage('en');
});

describe('LanguageTabs', () => {
  it('shows every content language by name and reports the chosen one', () => {
    const chosen: Language[] = [];
    render(<LanguageTabs value="cantonese" onChange={(language) => chosen.push(language)} />);
    const names = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(names).toEqual([
      'Chinese',
      'Cantonese',
      'Mandarin',
      'English',
      'Japanese',
      'Korean',
      'Portuguese',
      'German',
    ]);
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('Cantonese');
    fireEvent.click(screen.getByTestId('language-tab-german'));
    expect(chosen).toEqual(['german']);
  });

  it('marks the tabs of languages with fields to fix, by name too, and never hides them behind More', () => {
    render(
      <LanguageTabs value="english" preferred={['english']} marked={['german']} onChange={() => undefined} />,
    );
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'English',
      'German (fields to fix)',
    ]);
  });

  it('offers only the given languages, in the interface language', async () => {
    await changeUiLanguage('zhHant');
    render(
      <LanguageTabs
        value="english"
        languages={['cantonese', 'english', 'mandarin']}
        onChange={() => undefined}
      />,
    );
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['粵語', '英文', '普通話']);
  });

  describe("with the device's languages first", () => {
    /** Tabs as a page uses them: the value follows the choice. */
    function Editor(props: { preferred: Language[]; filled?: Language[]; start?: Language }) {
      const [value, setValue] = useState<Language>(props.start ?? props.preferred[0]!);
      return (
        <LanguageTabs value={value} onChange={setValue} preferred={props.preferred} filled={props.filled} />
      );
    }
    const tabNames = () => screen.getAllByRole('tab').map((tab) => tab.textContent);

    it("shows the device's languages in its order and the rest behind More", async () => {
      render(<Editor preferred={['cantonese', 'english', 'mandarin']} />);
      expect(tabNames()).toEqual(['Cantonese', 'English', 'Mandarin']);
      expect(screen.queryByTestId('language-tab-german')).toBeNull();

      fireEvent.click(screen.getByRole('button', { name: 'More' }));
      const menu = await screen.findByRole('menu');
      expect(
        within(menu)
          .getAllByRole('menuitem')
          .map((item) => item.textContent),
      ).toEqual(['Chinese', 'Japanese', 'Korean', 'Portuguese', 'German']);
      fireEvent.click(within(menu).getByRole('menuitem', { name: 'German' }));
      // The picked language shows as a tab, selected, and leaves the menu.
      expect(tabNames()).toEqual(['Cantonese', 'English', 'Mandarin', 'German']);
      expect(screen.getByRole('tab', { selected: true }).textContent).toBe('German');
      fireEvent.click(screen.getByTestId('language-tab-english'));
      expect(tabNames()).toEqual(['Cantonese', 'English', 'Mandarin', 'German']);
      fireEvent.click(screen.getByRole('button', { name: 'More' }));
      expect(within(await screen.findByRole('menu')).queryByRole('menuitem', { name: 'German' })).toBeNull();
    });

    it('keeps a language that has content, or is selected, visible', () => {
      render(<Editor preferred={['english']} filled={['japanese', 'english']} start="korean" />);
      expect(tabNames()).toEqual(['English', 'Japanese', 'Korean']);
      expect(screen.getByRole('tab', { selected: true }).textContent).toBe('Korean');
    });

    it('has no More when the device offers every language', () => {
      render(
        <Editor
          preferred={[
            'german',
            'english',
            'chinese',
            'cantonese',
            'mandarin',
            'japanese',
            'korean',
            'portuguese',
          ]}
        />,
      );
      expect(tabNames()[0]).toBe('German');
      expect(tabNames()).toHaveLength(8);
      expect(screen.queryByRole('button', { name: 'More' })).toBeNull();
    });

    it.each([
      ['en', 'More'],
      ['zhHant', '更多'],
      ['zhHans', '更多'],
    ] as const)('names More in the interface language (%s)', async (ui, more) => {
      await changeUiLanguage(ui);
      render(<Editor preferred={['english']} />);
      expect(screen.getByTestId('language-tab-more').textContent).toBe(more);
    });
  });
});
