import type { KioskDirectoryUnit } from '@ambassador/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CONFIG, fakeDevice, renderKiosk, type DeviceCall } from '../test/fake-device';

const unit = (id: number, no: string, extra: Partial<KioskDirectoryUnit> = {}): KioskDirectoryUnit => ({
  id,
  unit: no,
  names: { english: `Shop ${no}` },
  descriptions: {},
  phone: '',
  email: '',
  live_chat: false,
  logo_url: null,
  ...extra,
});

const CHAT = {
  session_id: '9b2f1c3e-4d5a-4b6c-8d7e-0f1a2b3c4d5e',
  created_at: '2025-01-01T09:00:00.000Z',
  ended_at: null,
  messages: [],
};

/** The device API with a directory the test changes as an operator would. */
function directoryDevice(units: { current: KioskDirectoryUnit[] }, config = CONFIG) {
  return fakeDevice((call: DeviceCall) => {
    if (call.path === '/config') return { body: config };
    if (call.path === '/directory') return { body: units.current };
    if (call.method === 'POST' && call.path === '/chats') return { body: CHAT };
    return undefined;
  });
}

const names = () =>
  screen.queryAllByTestId(/^kiosk-unit-(?!chat)/).map((li) => within(li).getByRole('heading').textContent);

describe('kiosk directory', () => {
  it('lists the units in the kiosk language, searches by touch, and follows an operator’s change live', async () => {
    const units = {
      current: [
        unit(1, 'G01', {
          names: { english: 'Harbour Books', cantonese: '海港書店' },
          descriptions: { english: 'Books and maps' },
          phone: '+852 2345 6789',
          logo_url: '/media/logo.png',
        }),
        unit(2, 'G02', { names: { english: 'Tea House', cantonese: '茶館' }, email: 'tea@example.com' }),
      ],
    };
    directoryDevice(units);
    const { sockets } = renderKiosk();
    fireEvent.click(await screen.findByTestId('kiosk-directory-open'));
    await waitFor(() => expect(names()).toEqual(['Harbour Books', 'Tea House']));
    const books = screen.getByTestId('kiosk-unit-G01');
    expect(within(books).getByText('Books and maps')).toBeTruthy();
    expect(within(books).getByText('+852 2345 6789')).toBeTruthy();

    const search = screen.getByTestId('kiosk-directory-search');
    fireEvent.change(search, { target: { value: '茶' } });
    expect(names()).toEqual(['Tea House']);
    fireEvent.change(search, { target: { value: '23456789' } });
    expect(names()).toEqual(['Harbour Books']);
    fireEvent.change(search, { target: { value: 'zzz' } });
    expect(screen.getByTestId('kiosk-directory-empty').textContent).toBe('Nothing matches your search.');

    // The operator adds a unit: the kiosk reads the directory again, the search kept.
    fireEvent.change(search, { target: { value: 'Cafe' } });
    units.current = [...units.current, unit(3, 'G03', { names: { english: 'Cafe Nine' } })];
    (await sockets.ready()).serverSend('interface:directory', { changed_at: '2025-01-01T10:00:00.000Z' });
    await waitFor(() => expect(names()).toEqual(['Cafe Nine']));
  });

  it('opens a chat with staff tagged with the unit when its live chat is on', async () => {
    const units = { current: [unit(5, 'C5', { live_chat: true }), unit(6, 'C6')] };
    const calls = directoryDevice(units);
    renderKiosk();
    fireEvent.click(await screen.findByTestId('kiosk-directory-open'));
    await screen.findByTestId('kiosk-unit-C5');
    expect(screen.queryByTestId('kiosk-unit-chat-C6')).toBeNull();
    fireEvent.click(screen.getByTestId('kiosk-unit-chat-C5'));
    fireEvent.click(await screen.findByTestId('kiosk-staff-start'));
    await waitFor(() => expect(calls.some((c) => c.path === '/chats')).toBe(true));
    expect(calls.find((c) => c.path === '/chats')?.body).toMatchObject({ directory_unit_id: 5 });
  });

  it('has no directory button when the section is switched off', async () => {
    directoryDevice(
      { current: [] },
      { ...CONFIG, sections: { directory: { unit_list: false, search: true } } },
    );
    renderKiosk();
    await screen.findByTestId('kiosk-start-english');
    expect(screen.queryByTestId('kiosk-directory-open')).toBeNull();
  });
});
