import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { LOGGED_OUT, authStore } from '@/shared/auth/auth-store';
import { snackbarStore } from '@/shared/ui/snackbar/snackbar-store';
import { fakeServer } from '@/shared/test/fake-server';
import { renderWithApp } from '@/shared/test/render-with-app';
import { aTopic } from '../test/fixtures';
import { KeywordPage } from '@/features/ai/pages/keyword-page';
import { AsyncSwitch } from '@/shared/ui/async-switch';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  authStore.set(LOGGED_OUT);
});

function deferred() {
  let resolve!: (ok: boolean) => void;
  const promise = new Promise<boolean>((r) => (resolve = r));
  return { promise, resolve };
}

const input = () => screen.getByTestId('flag') as HTMLInputElement;

describe('AsyncSwitch', () => {
  it('flips only after the update succeeded, and is disabled meanwhile', async () => {
    const pending = deferred();
    const onChange = vi.fn(() => pending.promise);
    render(<AsyncSwitch checked={false} onChange={onChange} label="Active" testId="flag" />);
    fireEvent.click(input());
    expect(onChange).toHaveBeenCalledWith(true);
    expect(input().checked).toBe(false);
    expect(input().disabled).toBe(true);
    fireEvent.click(input());
    expect(onChange).toHaveBeenCalledTimes(1);
    await act(async () => pending.resolve(true));
    expect(input().checked).toBe(true);
    expect(input().disabled).toBe(false);
  });

  it('reverts when the update fails', async () => {
    const pending = deferred();
    render(<AsyncSwitch checked onChange={() => pending.promise} label="Active" testId="flag" />);
    fireEvent.click(input());
    await act(async () => pending.resolve(false));
    expect(input().checked).toBe(true);
    expect(input().disabled).toBe(false);
  });

  it('follows a new saved value', () => {
    const view = render(
      <AsyncSwitch checked={false} onChange={async () => true} label="Active" testId="flag" />,
    );
    view.rerender(<AsyncSwitch checked onChange={async () => true} label="Active" testId="flag" />);
    expect(input().checked).toBe(true);
  });
});

const topic = aTopic(4, 'Opening hours');

describe('Keyword Data active toggle', () => {
  it('stays on and shows the error when the update fails', async () => {
    const calls = fakeServer((call) => {
      if (call.path === '/ai_config/intents/intent' && call.method === 'GET') return { body: [topic] };
      if (call.path === '/ai_config/intents/category') return { body: [] };
      if (call.method === 'PUT') {
        return { status: 500, body: { success: false, message: 'Database unavailable', error: 'internal' } };
      }
      return undefined;
    });
    renderWithApp(<KeywordPage />, '/ai/keyword');
    const toggle = (await screen.findByTestId('topic-active-4')) as HTMLInputElement;
    expect(toggle.checked).toBe(true);
    fireEvent.click(toggle);
    await vi.waitFor(() => expect(snackbarStore.get().status).toBe('error'));
    expect(snackbarStore.get().text).toBe('Database unavailable');
    expect((screen.getByTestId('topic-active-4') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByTestId('topic-active-4') as HTMLInputElement).disabled).toBe(false);
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ device_id: 7, id: 4, is_activated: false });
  });

  it('turns off after a successful update', async () => {
    let active = true;
    fakeServer((call) => {
      if (call.path === '/ai_config/intents/intent' && call.method === 'GET') {
        return { body: [{ ...topic, is_activated: active }] };
      }
      if (call.path === '/ai_config/intents/category') return { body: [] };
      if (call.method === 'PUT') {
        active = false;
        return { body: { ...topic, is_activated: false } };
      }
      return undefined;
    });
    renderWithApp(<KeywordPage />, '/ai/keyword');
    fireEvent.click(await screen.findByTestId('topic-active-4'));
    await vi.waitFor(() =>
      expect((screen.getByTestId('topic-active-4') as HTMLInputElement).checked).toBe(false),
    );
    expect(snackbarStore.get().text).toBe('Question topic deactivated');
  });
});
