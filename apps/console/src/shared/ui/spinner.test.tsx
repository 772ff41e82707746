import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import i18n, { changeUiLanguage } from '@/i18n/i18n';
import type { UiLanguage } from '@/i18n/languages';
import { Spinner } from './spinner';

afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

describe('Spinner', () => {
  it.each([
    ['en', 'Loading'],
    ['zhHant', '載入中'],
    ['zhHans', '加载中'],
  ])('is a progress bar named "Loading" in the interface language (%s)', async (language, name) => {
    await changeUiLanguage(language as UiLanguage);
    render(<Spinner size={16} />);
    expect(screen.getByRole('progressbar', { name })).toBeTruthy();
  });

  it('says what it waits for when told, and is left out where the text beside it says so', () => {
    render(
      <>
        <Spinner label="Checking the document" />
        <Spinner aria-hidden />
      </>,
    );
    expect(screen.getAllByRole('progressbar').map((bar) => bar.getAttribute('aria-label'))).toEqual([
      'Checking the document',
    ]);
    expect(screen.getAllByRole('progressbar', { hidden: true })).toHaveLength(2);
  });
});
