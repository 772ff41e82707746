import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { INTERFACE_SECTIONS, type InterfaceSection } from '@ambassador/contracts';
import { changeUiLanguage } from '@/i18n/i18n';
import { LOGGED_OUT, authStore } from '@/shared/auth/auth-store';
import { snackbarStore } from '@/shared/ui/snackbar/snackbar-store';
import { fakeServer, type FakeCall, type FakeReply } from '@/shared/test/fake-server';
import { renderWithApp } from '@/shared/test/render-with-app';
import { InterfacePage } from './interface-page';

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  authStore.set(LOGGED_OUT);
  await changeUiLanguage('en');
});

/** The catalogue at its defaults, as the server answers a device that saved nothing. */
const defaults = (): InterfaceSection[] =>
  INTERFACE_SECTIONS.map((s) => ({
    id: s.id,
    later: 'later' in s && s.later === true,
    components: s.components.map((c) => ({
      id: c.id,
      is_enabled: c.default,
      later: 'later' in c && c.later === true,
    })),
  }));

/** GET / PUT /interface/sections over stored sections; `refuse` makes a PUT fail. */
function sectionsServer(refuse?: (call: FakeCall) => FakeReply) {
  const sections = defaults();
  const calls = fakeServer((call) => {
    if (call.path !== '/interface/sections') return undefined;
    if (call.method === 'PUT') {
      const refused = refuse?.(call);
      if (refused) return refused;
      const body = call.body as { section_id: string; selected_comp_ids: string[] };
      const section = sections.find((s) => s.id === body.section_id)!;
      for (const c of section.components) c.is_enabled = body.selected_comp_ids.includes(c.id);
    }
    return { body: structuredClone(sections) };
  });
  return calls;
}

const switchOf = (section: string, component: string) =>
  screen.getByTestId(`interface-switch-${section}-${component}`) as HTMLInputElement;

describe('InterfacePage', () => {
  it('lists the sections of the selected device with a labelled switch per component', async () => {
    const calls = sectionsServer();
    renderWithApp(<InterfacePage />, '/interface');
    const staff = await screen.findByTestId('interface-section-staff');
    expect(within(staff).getByRole('heading').textContent).toBe('Reach staff');
    expect(within(staff).getByRole('switch', { name: 'Call staff' })).toBe(switchOf('staff', 'call_staff'));
    expect(switchOf('staff', 'call_staff').checked).toBe(true);
    expect(screen.getByTestId('interface-device').textContent).toBe('Device: Lobby');
    // The kiosk shows every section now: none says "Later release".
    expect(screen.queryByText('Later release')).toBeNull();
    expect(switchOf('map', 'floor_map').checked).toBe(true);
    expect(calls[0]?.query.get('device_id')).toBe('7');
  });

  it('saves a section when a switch changes', async () => {
    const calls = sectionsServer();
    renderWithApp(<InterfacePage />, '/interface');
    await screen.findByTestId('interface-section-staff');
    fireEvent.click(switchOf('staff', 'call_staff'));
    expect(switchOf('staff', 'call_staff').checked).toBe(false);
    await waitFor(() => expect(snackbarStore.get().text).toBe('Reach staff saved'));
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { device_id: 7, section_id: 'staff', selected_comp_ids: ['chat_with_staff'] },
    ]);
    expect(switchOf('staff', 'call_staff').checked).toBe(false);
    expect(switchOf('staff', 'chat_with_staff').checked).toBe(true);
  });

  it('goes back and says why when the save fails, in the operator’s language', async () => {
    await changeUiLanguage('zhHant');
    sectionsServer(() => ({
      status: 400,
      body: { success: false, message: 'no such component', error: 'unknown_component' },
    }));
    renderWithApp(<InterfacePage />, '/interface');
    await screen.findByTestId('interface-section-ask');
    fireEvent.click(switchOf('ask', 'voice_input'));
    await waitFor(() => expect(snackbarStore.get().status).toBe('error'));
    expect(snackbarStore.get().text).toBe('此區塊沒有這個元件，請重新載入頁面。');
    await waitFor(() => expect(switchOf('ask', 'voice_input').checked).toBe(true));
  });

  it('asks for a device when none is selected', async () => {
    sectionsServer();
    const { signedIn } = await import('@/shared/test/render-with-app');
    renderWithApp(<InterfacePage />, '/interface', { auth: { ...signedIn, selected_device: null } });
    expect(await screen.findByText(/Choose a device in the top bar/)).toBeTruthy();
    expect(screen.queryByTestId('interface-section-staff')).toBeNull();
  });
});
