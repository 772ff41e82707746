import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import type { AiResponse } from '@ambassador/contracts';
import { LOGGED_OUT, authStore } from '@/shared/auth/auth-store';
import { snackbarStore } from '@/shared/ui/snackbar/snackbar-store';
import { fakeServer, type FakeCall } from '@/shared/test/fake-server';
import { renderWithApp } from '@/shared/test/render-with-app';
import { ComposeResponseDialog } from './compose-response-dialog';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  authStore.set(LOGGED_OUT);
});

function server(extra?: (call: FakeCall) => { status?: number; body: unknown } | undefined) {
  return fakeServer((call) => {
    const custom = extra?.(call);
    if (custom) return custom;
    if (call.path === '/ai_config/intents/button_payloads') {
      return { body: [{ intent_id: 3, intent_name: 'Parking', payload: 'parking' }] };
    }
    return undefined;
  });
}

function open(onClose = () => undefined) {
  renderWithApp(
    <ComposeResponseDialog open intentId={4} language="english" deviceType="ambassador" onClose={onClose} />,
    '/ai/keyword',
  );
}

const buttonTexts = () => screen.queryAllByTestId(/^compose-button-text-\d+$/);
const setColumns = (value: string) =>
  fireEvent.change(screen.getByTestId('compose-columns'), { target: { value } });

describe('ComposeResponseDialog', () => {
  it('asks for the response aim first, then composes', () => {
    server();
    open();
    expect(screen.getByText('Select Response Aim')).toBeTruthy();
    expect(screen.getByTestId('response-aim-ask_for_selection').textContent).toContain('Ask for selection');
    expect(screen.getByTestId('response-aim-interactive_builder')).toBeTruthy();
    fireEvent.click(screen.getByTestId('response-aim-ask_for_selection'));
    expect(screen.getByTestId('compose-dialog')).toBeTruthy();
    expect(screen.getByTestId('compose-aim').textContent).toBe('Ask for selection');
  });

  it('pads the buttons to whole rows whenever the column count changes', () => {
    server();
    open();
    fireEvent.click(screen.getByTestId('response-aim-ask_for_selection'));
    fireEvent.click(screen.getByTestId('compose-add-buttons'));
    expect(buttonTexts()).toHaveLength(1);
    fireEvent.change(screen.getByTestId('compose-button-text-0'), { target: { value: 'Map' } });

    setColumns('3');
    expect(buttonTexts()).toHaveLength(3);
    fireEvent.change(screen.getByTestId('compose-button-text-1'), { target: { value: 'Parking' } });
    fireEvent.change(screen.getByTestId('compose-button-text-2'), { target: { value: 'Toilets' } });

    setColumns('2');
    // Three real buttons in two columns: two rows, the last padded with one empty entry.
    expect(buttonTexts().map((input) => (input as HTMLInputElement).value)).toEqual([
      'Map',
      'Parking',
      'Toilets',
      '',
    ]);
    expect(screen.getByTestId('preview-buttons').getAttribute('data-columns')).toBe('2');

    setColumns('4');
    expect(buttonTexts()).toHaveLength(4);
    setColumns('1');
    expect(buttonTexts().map((input) => (input as HTMLInputElement).value)).toEqual([
      'Map',
      'Parking',
      'Toilets',
    ]);

    setColumns('0');
    fireEvent.click(screen.getByTestId('compose-save'));
    expect(screen.getByText('Min. 1')).toBeTruthy();
  });

  it('checks the contents with the contract before sending', () => {
    const calls = server();
    open();
    fireEvent.click(screen.getByTestId('response-aim-give_info'));
    fireEvent.click(screen.getByTestId('compose-save'));
    expect(screen.getByTestId('compose-contents-error').textContent).toBe(
      'Add speech or at least one content',
    );

    fireEvent.click(screen.getByTestId('compose-add-text'));
    fireEvent.click(screen.getByTestId('compose-add-dropdown'));
    fireEvent.click(screen.getByTestId('compose-add-image'));
    fireEvent.click(screen.getByTestId('compose-save'));
    expect(screen.getByText('Text cannot be empty')).toBeTruthy();
    expect(screen.getAllByText('Field required!').length).toBeGreaterThan(0);
    expect(screen.getByText('Upload an image')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    expect(snackbarStore.get().text).toBe('Incorrect data found, please check again.');
  });

  it('saves the speech and ordered contents', async () => {
    const onClose = vi.fn();
    const calls = server((call) =>
      call.method === 'POST' && call.path === '/ai_config/intents/responses'
        ? { body: { id: 1 } as Partial<AiResponse> }
        : undefined,
    );
    open(onClose);
    fireEvent.click(screen.getByTestId('response-aim-give_info'));
    fireEvent.change(screen.getByTestId('compose-speech'), { target: { value: 'Hello there' } });
    fireEvent.click(screen.getByTestId('compose-add-buttons'));
    fireEvent.click(screen.getByTestId('compose-add-text'));
    fireEvent.change(screen.getByTestId('compose-text-0'), { target: { value: 'Welcome' } });
    fireEvent.change(screen.getByTestId('compose-button-text-0'), { target: { value: 'Parking' } });
    fireEvent.change(screen.getByTestId('compose-button-payload-0'), { target: { value: 'parking' } });
    // Text first, then the buttons.
    fireEvent.click(screen.getByTestId('compose-move-up-1'));
    fireEvent.click(screen.getByTestId('compose-save'));
    fireEvent.click(screen.getByTestId('compose-save'));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toEqual({
      device_id: 7,
      intent_id: 4,
      language: 'english',
      device_type: 'ambassador',
      response_aim: 'give_info',
      response_type: 'multimedia',
      speech: 'Hello there',
      custom_content: '',
      contents: [
        { type: 'text', placement: 'general', values: ['Welcome'] },
        {
          type: 'buttons',
          num_of_column: 1,
          button_type: 'postback',
          values: [{ text: 'Parking', payload: 'parking' }],
        },
      ],
    });
  });

  it('shows why the speech cannot be played', async () => {
    server((call) =>
      call.path === '/ai_config/intents/audio_preview'
        ? { status: 503, body: { success: false, message: 'espeak-ng missing', error: 'tts_unavailable' } }
        : undefined,
    );
    open();
    fireEvent.click(screen.getByTestId('response-aim-give_info'));
    fireEvent.change(screen.getByTestId('compose-speech'), { target: { value: 'Hi' } });
    fireEvent.click(screen.getByTestId('compose-play'));
    await vi.waitFor(() =>
      expect(snackbarStore.get().text).toBe('Speech preview is not available on this server.'),
    );
    expect(screen.getByTestId('compose-play').getAttribute('data-state')).toBe('idle');
  });
});
