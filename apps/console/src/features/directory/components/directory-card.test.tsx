import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { DirectoryImportReport, DirectoryUnit } from '@ambassador/contracts';
import { changeUiLanguage } from '@/i18n/i18n';
import { LOGGED_OUT, authStore } from '@/shared/auth/auth-store';
import { fakeServer, type FakeCall } from '@/shared/test/fake-server';
import { renderWithApp, signedIn } from '@/shared/test/render-with-app';
import { DirectoryCard } from './directory-card';

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  authStore.set(LOGGED_OUT);
  await changeUiLanguage('en');
});

const auth = {
  ...signedIn,
  device_list: [
    {
      id: 7,
      description: 'Lobby',
      kind: 'ambassador' as const,
      languages: ['english' as const, 'cantonese' as const],
    },
  ],
};

const unit = (id: number, no: string, name: string, extra: Partial<DirectoryUnit> = {}): DirectoryUnit => ({
  id,
  unit: no,
  names: { english: name },
  descriptions: {},
  phone: '',
  email: '',
  live_chat: false,
  logo_media_id: null,
  logo_url: null,
  updated_at: '2026-01-01T00:00:00.000Z',
  ...extra,
});

/** GET / POST / PUT / DELETE /directory over stored units, paged and searched as the server does. */
function directoryServer(reply?: (call: FakeCall) => ReturnType<Parameters<typeof fakeServer>[0]>) {
  let units = Array.from({ length: 12 }, (_, i) =>
    unit(i + 1, `L${String(i + 1).padStart(2, '0')}`, `Shop ${i + 1}`),
  );
  let next = 100;
  const calls = fakeServer(async (call) => {
    const special = reply?.(call);
    if (special) return special;
    if (call.path !== '/directory') return undefined;
    if (call.method === 'GET') {
      const search = call.query.get('search') ?? '';
      const found = units.filter(
        (u) => !search || u.unit.includes(search) || Object.values(u.names).some((n) => n?.includes(search)),
      );
      const offset = Number(call.query.get('offset') ?? 0);
      return { body: found.slice(offset, offset + 10), total: found.length };
    }
    if (call.method === 'DELETE') {
      units = units.filter((u) => u.id !== (call.body as { id: number }).id);
      return { body: null };
    }
    const form = call.body as FormData;
    const data = JSON.parse(String(form.get('data'))) as DirectoryUnit & { id?: number };
    if (units.some((u) => u.unit.toLowerCase() === data.unit.toLowerCase() && u.id !== data.id)) {
      return { status: 409, body: { success: false, message: 'Unit taken', error: 'unit_taken' } };
    }
    const saved = unit(data.id ?? next++, data.unit, '', {
      ...data,
      logo_url: form.get('logo') ? '/media/x.png' : null,
    });
    units = [...units.filter((u) => u.id !== saved.id), saved].sort((a, b) => a.unit.localeCompare(b.unit));
    return { body: saved };
  });
  return { calls, units: () => units };
}

describe('DirectoryCard', () => {
  it('lists ten units a page, pages on, and searches', async () => {
    directoryServer();
    renderWithApp(<DirectoryCard deviceId={7} deviceName="Lobby" />, '/interface', { auth });
    expect(await screen.findByTestId('unit-row-L01')).toBeTruthy();
    expect(screen.queryByTestId('unit-row-L11')).toBeNull();
    expect(screen.getByText('1–10 of 12')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(await screen.findByTestId('unit-row-L11')).toBeTruthy();
    fireEvent.change(screen.getByTestId('directory-search'), { target: { value: 'Shop 3' } });
    await waitFor(() => expect(screen.queryByTestId('unit-row-L11')).toBeNull());
    expect(screen.getByTestId('unit-row-L03')).toBeTruthy();
  });

  it('adds a unit with names in two languages, live chat and a logo previewed before saving', async () => {
    const server = directoryServer();
    renderWithApp(<DirectoryCard deviceId={7} deviceName="Lobby" />, '/interface', { auth });
    await screen.findByTestId('unit-row-L01');
    fireEvent.click(screen.getByTestId('directory-add'));
    const dialog = await screen.findByTestId('unit-dialog');
    // Checked before sending: the unit and a name are needed, the email must be one.
    fireEvent.change(within(dialog).getByTestId('unit-email'), { target: { value: 'nope' } });
    fireEvent.click(within(dialog).getByTestId('unit-submit'));
    expect(await within(dialog).findByText('Unit is required')).toBeTruthy();
    expect(within(dialog).getByText('Enter the occupant name in at least one language')).toBeTruthy();
    expect(within(dialog).getByText('Enter an email address like name@example.com')).toBeTruthy();

    fireEvent.change(within(dialog).getByTestId('unit-number'), { target: { value: 'A1' } });
    fireEvent.change(within(dialog).getByTestId('unit-email'), { target: { value: 'a@example.com' } });
    fireEvent.change(within(dialog).getByTestId('unit-name-english'), {
      target: { value: '<script>x</script>' },
    });
    fireEvent.click(within(dialog).getByTestId('unit-language-cantonese'));
    fireEvent.change(within(dialog).getByTestId('unit-name-cantonese'), { target: { value: '蘋果' } });
    fireEvent.click(within(dialog).getByTestId('unit-live-chat'));
    URL.createObjectURL = vi.fn(() => 'blob:logo');
    URL.revokeObjectURL = vi.fn();
    const logo = new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' });
    fireEvent.change(within(dialog).getByTestId('unit-logo-input'), { target: { files: [logo] } });
    expect(within(dialog).getByTestId('unit-logo-preview').getAttribute('src')).toBe('blob:logo');
    fireEvent.click(within(dialog).getByTestId('unit-submit'));
    await waitFor(() => expect(screen.queryByTestId('unit-dialog')).toBeNull(), { timeout: 5000 });
    const post = server.calls.find((c) => c.method === 'POST')!;
    const form = post.body as FormData;
    expect(JSON.parse(String(form.get('data')))).toMatchObject({
      unit: 'A1',
      names: { english: '<script>x</script>', cantonese: '蘋果' },
      email: 'a@example.com',
      live_chat: true,
    });
    expect((form.get('logo') as File).name).toBe('logo.png');
    // Shown as text, never as markup.
    const row = await screen.findByTestId('unit-row-A1');
    expect(within(row).getByText('<script>x</script>')).toBeTruthy();
  });

  it('says a unit number is taken under the field, in Chinese', async () => {
    await changeUiLanguage('zhHant');
    directoryServer();
    renderWithApp(<DirectoryCard deviceId={7} deviceName="Lobby" />, '/interface', { auth });
    fireEvent.click(await screen.findByTestId('unit-edit-2'));
    const dialog = await screen.findByTestId('unit-dialog');
    fireEvent.change(within(dialog).getByTestId('unit-number'), { target: { value: 'l01' } });
    fireEvent.click(within(dialog).getByTestId('unit-submit'));
    expect(
      await within(dialog).findByText('此單位編號已在裝置的商戶名錄中。每個單位編號只可使用一次。'),
    ).toBeTruthy();
  });

  it('deletes a unit after the confirm dialog', async () => {
    const server = directoryServer();
    renderWithApp(<DirectoryCard deviceId={7} deviceName="Lobby" />, '/interface', { auth });
    fireEvent.click(await screen.findByTestId('unit-delete-1'));
    expect(await screen.findByText('Delete unit record?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByTestId('unit-row-L01')).toBeNull());
    expect(server.calls.find((c) => c.method === 'DELETE')?.body).toEqual({ device_id: 7, id: 1 });
  });

  it('previews an import with its problems per row, and applies only a clean file', async () => {
    const bad: DirectoryImportReport = {
      applied: false,
      add: 1,
      update: 0,
      unchanged: 0,
      rows: [{ row: 2, unit: 'N1', name: 'New', action: 'add' }],
      errors: [
        {
          row: 3,
          column: 'Email',
          key: 'email_format',
          params: {},
          message: 'Enter an email address like name@example.com',
        },
      ],
    };
    const good: DirectoryImportReport = { ...bad, errors: [] };
    let clean = false;
    const server = directoryServer((call) => {
      if (call.path !== '/directory/import') return undefined;
      const mode = call.query.get('mode');
      if (!clean) return { body: bad };
      return { body: mode === 'apply' ? { ...good, applied: true } : good };
    });
    renderWithApp(<DirectoryCard deviceId={7} deviceName="Lobby" />, '/interface', { auth });
    await screen.findByTestId('unit-row-L01');
    fireEvent.click(screen.getByTestId('directory-import'));
    const dialog = await screen.findByTestId('directory-import-dialog');
    const file = new File(['x'], 'units.xlsx');
    fireEvent.change(within(dialog).getByTestId('directory-import-input'), { target: { files: [file] } });
    const errors = await within(dialog).findByTestId('directory-import-errors');
    expect(within(errors).getByText('Enter an email address like name@example.com')).toBeTruthy();
    expect((within(dialog).getByTestId('directory-import-apply') as HTMLButtonElement).disabled).toBe(true);

    clean = true;
    fireEvent.change(within(dialog).getByTestId('directory-import-input'), { target: { files: [file] } });
    const rows = await within(dialog).findByTestId('directory-import-rows');
    expect(within(rows).getByText('N1')).toBeTruthy();
    expect(server.calls.filter((c) => c.query.get('mode') === 'apply')).toHaveLength(0);
    fireEvent.click(within(dialog).getByTestId('directory-import-apply'));
    await waitFor(() => expect(screen.queryByTestId('directory-import-dialog')).toBeNull(), {
      timeout: 5000,
    });
    expect(server.calls.filter((c) => c.query.get('mode') === 'apply')).toHaveLength(1);
  });
});
