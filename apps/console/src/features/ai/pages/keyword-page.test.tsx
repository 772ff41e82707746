import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { changeUiLanguage } from '@/i18n/i18n';
import { LOGGED_OUT, authStore } from '@/shared/auth/auth-store';
import { fakeServer } from '@/shared/test/fake-server';
import { renderWithApp } from '@/shared/test/render-with-app';
import { aTopic } from '@/features/ai/topics/test/fixtures';
import { KeywordPage } from './keyword-page';

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  authStore.set(LOGGED_OUT);
  await changeUiLanguage('en');
});

function topicServer() {
  const topic = aTopic(4, 'Opening hours of the main lobby', { keyword_count: 3, sub_topic_count: 2 });
  return fakeServer((call) => {
    if (call.path === '/ai_config/intents/intent' && call.method === 'GET')
      return { body: [topic], total: 1 };
    if (call.path === '/ai_config/intents/category') return { body: [] };
    return undefined;
  });
}

describe('KeywordPage delete', () => {
  it('names the topic and says its sub-topics, keywords and responses go with it', async () => {
    topicServer();
    renderWithApp(<KeywordPage />, '/ai/keyword');
    fireEvent.click(await screen.findByTestId('topic-delete-4'));

    const dialog = await screen.findByRole('dialog', { name: 'Delete question record?' });
    expect(within(dialog).getByText(/“Opening hours of the main lobby”/)).toBeTruthy();
    expect(within(dialog).getByText('Its sub-topics, keywords and responses are deleted too.')).toBeTruthy();
  });

  it('says the same in Traditional Chinese', async () => {
    await changeUiLanguage('zhHant');
    topicServer();
    renderWithApp(<KeywordPage />, '/ai/keyword');
    fireEvent.click(await screen.findByTestId('topic-delete-4'));

    const dialog = await screen.findByRole('dialog', { name: '刪除此問題記錄？' });
    expect(within(dialog).getByTestId('delete-dialog-body').textContent).toBe(
      '問題「Opening hours of the main lobby」將被刪除。24 小時內可以復原。',
    );
    expect(within(dialog).getByText('其子主題、關鍵字及回應亦會一併刪除。')).toBeTruthy();
  });
});
