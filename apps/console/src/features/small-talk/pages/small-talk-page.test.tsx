import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { changeUiLanguage } from '@/i18n/i18n';
import { LOGGED_OUT, authStore } from '@/shared/auth/auth-store';
import { snackbarStore } from '@/shared/ui/snackbar/snackbar-store';
import { renderWithApp } from '@/shared/test/render-with-app';
import { auth, smallTalkServer, writes } from '../test/fixtures';
import { SmallTalkPage } from './small-talk-page';

configure({ asyncUtilTimeout: 4000 });

beforeEach(() => {
  snackbarStore.get().open = false;
});

afterEach(async () => {
  cleanup();
  await changeUiLanguage('en');
  vi.unstubAllGlobals();
  authStore.set(LOGGED_OUT);
});

const render = () => renderWithApp(<SmallTalkPage />, '/talk', { auth, dataRouter: true });
const switchOf = (key: string) => screen.getByTestId(`small-talk-switch-${key}`) as HTMLInputElement;
const entries = () =>
  screen
    .getAllByTestId('small-talk-entry')
    .map((row) => within(row).getByTestId('small-talk-entry-answer').textContent);
const inputOf = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;
const type = (testId: string, value: string) => fireEvent.change(inputOf(testId), { target: { value } });
const enter = (testId: string, value: string) => {
  type(testId, value);
  fireEvent.keyDown(inputOf(testId), { key: 'Enter' });
};

async function axeViolations(node: HTMLElement) {
  const result = await axe.run(node, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('SmallTalkPage', { timeout: 20_000 }, () => {
  it('opens in Cantonese when the device offers it, with the starter set marked', async () => {
    const { calls } = smallTalkServer();
    const view = render();
    await waitFor(() =>
      expect(entries()).toEqual(['Hello! How can I help?', 'You are welcome.', 'Goodbye!']),
    );
    const asked = calls.find((c) => c.path === '/small_talk/questions')!;
    expect(asked.query.get('language')).toBe('cantonese');
    expect(asked.query.get('device_id')).toBe('7');
    expect(screen.getByTestId('small-talk-language-cantonese').getAttribute('aria-selected')).toBe('true');
    expect(screen.getByTestId('small-talk-starter').textContent).toBe('Starter set');
    expect(screen.getAllByTestId('small-talk-entry')[1]!.textContent).toContain(
      'Speech: You are very welcome.',
    );
    expect((screen.getByTestId('small-talk-save') as HTMLButtonElement).disabled).toBe(true);
    expect(switchOf('is_enabled_smalltalk').checked).toBe(true);
    expect(switchOf('is_enabled_topic_filter').checked).toBe(false);
    expect(await axeViolations(view.container)).toEqual([]);
  });

  it('opens in the device’s default language when it does not offer Cantonese', async () => {
    const { calls } = smallTalkServer();
    renderWithApp(<SmallTalkPage />, '/talk', {
      auth: { ...auth, device_list: [{ ...auth.device_list[0]!, languages: ['mandarin', 'english'] }] },
      dataRouter: true,
    });
    await waitFor(() => expect(entries()).toHaveLength(3));
    expect(calls.find((c) => c.path === '/small_talk/questions')!.query.get('language')).toBe('mandarin');
    expect(screen.queryByTestId('small-talk-language-cantonese')).toBeNull();
  });

  it('speaks the operator’s language: Traditional Chinese', async () => {
    smallTalkServer();
    await changeUiLanguage('zhHant');
    render();
    await waitFor(() => expect(entries()).toHaveLength(3));
    expect(screen.getByText('閒聊清單')).toBeTruthy();
    expect(screen.getByTestId('small-talk-starter').textContent).toBe('預設內容');
    expect(screen.getByTestId('small-talk-restore').textContent).toBe('還原預設內容');
  });

  it('moves a switch once the server saved it, and leaves it with the reason when it fails', async () => {
    let fail = false;
    const { calls } = smallTalkServer((call) =>
      fail && call.method === 'PUT' && call.path === '/small_talk/settings'
        ? { status: 500, body: { success: false, message: 'Database unavailable', error: 'internal_error' } }
        : undefined,
    );
    render();
    await waitFor(() => expect(switchOf('is_enabled_topic_filter').disabled).toBe(false));
    fireEvent.click(switchOf('is_enabled_topic_filter'));
    await waitFor(() => expect(switchOf('is_enabled_topic_filter').checked).toBe(true));
    expect(snackbarStore.get().text).toBe('The topic filter is on.');
    expect(writes(calls, '/small_talk/settings')).toEqual([{ device_id: 7, is_enabled_topic_filter: true }]);

    fail = true;
    fireEvent.click(switchOf('is_enabled_smalltalk'));
    await waitFor(() => expect(snackbarStore.get().status).toBe('error'));
    expect(switchOf('is_enabled_smalltalk').checked).toBe(true);
    expect(snackbarStore.get().text).not.toBe('');
  });

  it('adds, edits, reorders and removes entries, then saves the whole list in order', async () => {
    const { calls } = smallTalkServer();
    render();
    await waitFor(() => expect(entries()).toHaveLength(3));

    // A new entry needs a question and an answer (the contract's rules, in words).
    fireEvent.click(screen.getByTestId('small-talk-add'));
    const dialog = await screen.findByTestId('small-talk-entry-dialog');
    fireEvent.click(within(dialog).getByTestId('small-talk-entry-done'));
    expect(within(dialog).getByText('At least 1 items')).toBeTruthy();
    expect(within(dialog).getByText('Field required!')).toBeTruthy();
    enter('small-talk-questions-input', 'who are you');
    enter('small-talk-questions-input', 'what is your name');
    enter('small-talk-questions-input', 'Who are you ');
    expect(
      within(dialog)
        .getAllByTestId('small-talk-questions-chip')
        .map((c) => c.querySelector('.MuiChip-label')!.textContent),
    ).toEqual(['who are you', 'what is your name']);
    expect(within(dialog).getByTestId('small-talk-questions-count').textContent).toBe('2 of 20');
    fireEvent.click(within(dialog).getAllByTestId('small-talk-questions-remove')[1]!);
    type('small-talk-answer', 'I am the museum assistant.');
    fireEvent.click(within(dialog).getByTestId('small-talk-entry-done'));
    await waitFor(() => expect(screen.queryByTestId('small-talk-entry-dialog')).toBeNull());
    expect(entries()).toEqual([
      'Hello! How can I help?',
      'You are welcome.',
      'Goodbye!',
      'I am the museum assistant.',
    ]);
    expect(screen.getByTestId('small-talk-unsaved')).toBeTruthy();
    expect(screen.queryByTestId('small-talk-starter')).toBeNull();

    // Edit the first, move the last to the top, remove "Goodbye!".
    fireEvent.click(screen.getAllByTestId('small-talk-entry-edit')[0]!);
    type('small-talk-speech', 'Hello there!');
    fireEvent.click(screen.getByTestId('small-talk-entry-done'));
    await waitFor(() => expect(screen.queryByTestId('small-talk-entry-dialog')).toBeNull());
    for (let i = 0; i < 3; i++) fireEvent.click(screen.getByRole('button', { name: `Move who are you up` }));
    fireEvent.click(screen.getAllByTestId('small-talk-entry-delete')[3]!);
    expect(entries()).toEqual(['I am the museum assistant.', 'Hello! How can I help?', 'You are welcome.']);

    fireEvent.click(screen.getByTestId('small-talk-save'));
    await waitFor(() => expect(snackbarStore.get().text).toBe('Small talk saved.'));
    expect(writes(calls, '/small_talk/questions')).toEqual([
      {
        device_id: 7,
        language: 'cantonese',
        items: [
          { questions: ['who are you'], answer: 'I am the museum assistant.', speech: '' },
          { id: 1, questions: ['hello', 'hi'], answer: 'Hello! How can I help?', speech: 'Hello there!' },
          { id: 2, questions: ['thank you'], answer: 'You are welcome.', speech: 'You are very welcome.' },
        ],
      },
    ]);
    await waitFor(() => expect(screen.queryByTestId('small-talk-unsaved')).toBeNull());
    expect(screen.queryByTestId('small-talk-starter')).toBeNull();
  });

  it('asks before another language drops unsaved changes', async () => {
    const { calls } = smallTalkServer();
    render();
    await waitFor(() => expect(entries()).toHaveLength(3));
    fireEvent.click(screen.getAllByTestId('small-talk-entry-delete')[0]!);
    fireEvent.click(screen.getByTestId('small-talk-language-english'));
    const ask = await screen.findByTestId('quit-editing-dialog');
    fireEvent.click(within(ask).getByTestId('dialog-cancel'));
    expect(entries()).toEqual(['You are welcome.', 'Goodbye!']);
    expect(calls.some((c) => c.query.get('language') === 'english')).toBe(false);

    fireEvent.click(screen.getByTestId('small-talk-language-english'));
    fireEvent.click(await screen.findByTestId('quit-editing-confirm'));
    await waitFor(() => expect(calls.some((c) => c.query.get('language') === 'english')).toBe(true));
    await waitFor(() => expect(entries()).toHaveLength(3));
    expect(screen.getByTestId('small-talk-language-english').getAttribute('aria-selected')).toBe('true');
  });

  it('holds navigation while the list has unsaved changes', async () => {
    smallTalkServer();
    const { router } = render();
    await waitFor(() => expect(entries()).toHaveLength(3));
    fireEvent.click(screen.getAllByTestId('small-talk-entry-delete')[0]!);
    await router!.navigate('/event');
    expect(await screen.findByTestId('quit-editing-dialog')).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/talk');
    fireEvent.click(screen.getByTestId('quit-editing-confirm'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/event'));
  });

  it('restores the starter set after a confirmation', async () => {
    const { calls, state } = smallTalkServer();
    state.lists.cantonese = {
      language: 'cantonese',
      is_starter: false,
      updated_at: '2026-11-01T00:00:00Z',
      items: [{ id: 50, questions: ['yo'], answer: 'Hey.', speech: '' }],
    };
    render();
    await waitFor(() => expect(entries()).toEqual(['Hey.']));
    fireEvent.click(screen.getByTestId('small-talk-restore'));
    const confirm = await screen.findByTestId('small-talk-restore-dialog');
    expect(confirm.textContent).toContain('The Cantonese list goes back to the built-in starter set');
    fireEvent.click(within(confirm).getByTestId('small-talk-restore-confirm'));
    await waitFor(() => expect(entries()).toHaveLength(3));
    expect(writes(calls, '/small_talk/questions')).toEqual([
      { device_id: 7, language: 'cantonese', items: [], reset: true },
    ]);
    expect(screen.getByTestId('small-talk-starter')).toBeTruthy();
  });

  it('shows the rules a server refused an entry by, on that entry', async () => {
    smallTalkServer((call) =>
      call.method === 'PUT' && call.path === '/small_talk/questions'
        ? {
            status: 400,
            body: {
              success: false,
              message: 'items.1.answer: Maximum 1000 characters',
              error: 'validation_error',
              issues: [
                {
                  path: ['items', 1, 'answer'],
                  key: 'maximum_characters',
                  params: { max: 1000 },
                  message: 'Maximum 1000 characters',
                },
              ],
            },
          }
        : undefined,
    );
    render();
    await waitFor(() => expect(entries()).toHaveLength(3));
    fireEvent.click(screen.getAllByTestId('small-talk-entry-delete')[2]!);
    fireEvent.click(screen.getByTestId('small-talk-save'));
    await waitFor(() => expect(snackbarStore.get().status).toBe('error'));
    const second = screen.getAllByTestId('small-talk-entry')[1]!;
    expect(within(second).getByTestId('small-talk-entry-error').textContent).toBe('Maximum 1000 characters');
    expect(screen.getByTestId('small-talk-unsaved')).toBeTruthy();
  });

  it('edits the topic filter per language: topics as chips, and a text to decline with', async () => {
    const { calls } = smallTalkServer();
    render();
    fireEvent.click(await screen.findByTestId('small-talk-open-filter'));
    const dialog = await screen.findByTestId('topic-filter-dialog');
    await within(dialog).findByTestId('topic-filter-topics-input');
    expect(screen.getByTestId('topic-filter-language-cantonese').getAttribute('aria-selected')).toBe('true');
    enter('topic-filter-topics-input', 'politics');
    enter('topic-filter-topics-input', '政治');
    fireEvent.click(screen.getByTestId('topic-filter-save'));
    expect(await within(dialog).findByText('Field required!')).toBeTruthy();
    expect(writes(calls, '/small_talk/topic_filters')).toEqual([]);
    type('topic-filter-text', 'Sorry, I cannot talk about that.');
    fireEvent.click(screen.getByTestId('topic-filter-save'));
    await waitFor(() => expect(screen.queryByTestId('topic-filter-dialog')).toBeNull());
    expect(writes(calls, '/small_talk/topic_filters')).toEqual([
      {
        device_id: 7,
        language: 'cantonese',
        topics: ['politics', '政治'],
        speech: '',
        text: 'Sorry, I cannot talk about that.',
      },
    ]);
    expect(snackbarStore.get().text).toBe('Topic filter saved.');
  });

  it('edits the persona prompt with a counter, and says it needs a language model', async () => {
    const { calls } = smallTalkServer();
    render();
    fireEvent.click(await screen.findByTestId('small-talk-open-prompt'));
    const dialog = await screen.findByTestId('prompt-dialog');
    expect(within(dialog).getByTestId('prompt-model-note').textContent).toContain(
      'used only when a language model is configured',
    );
    await waitFor(() => expect(inputOf('prompt-input').value).toBe('You are a friendly museum guide.'));
    expect(within(dialog).getByTestId('prompt-counter').textContent).toBe('32 / 4000 characters');
    type('prompt-input', 'x'.repeat(4001));
    expect(within(dialog).getByText('Maximum 4000 characters')).toBeTruthy();
    expect((within(dialog).getByTestId('prompt-save') as HTMLButtonElement).disabled).toBe(true);
    type('prompt-input', 'You are Ada, a cheerful guide.');
    fireEvent.click(within(dialog).getByTestId('prompt-save'));
    await waitFor(() => expect(screen.queryByTestId('prompt-dialog')).toBeNull());
    expect(writes(calls, '/small_talk/prompt')).toEqual([
      { device_id: 7, prompt: 'You are Ada, a cheerful guide.' },
    ]);
  });
});
