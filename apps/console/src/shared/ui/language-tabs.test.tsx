import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { Language } from '@ambassador/contracts';
import { changeUiLanguage } from '@/i18n/i18n';
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
});
