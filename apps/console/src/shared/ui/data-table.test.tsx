import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import IconButton from '@mui/material/IconButton';
import { LOGGED_OUT, authStore } from '@/shared/auth/auth-store';
import { signedIn } from '@/shared/test/render-with-app';
import { ColumnChooser, columnChoiceKey, useColumnChoice } from './column-chooser';
import { DataTable, type Column } from './data-table';

type Device = { id: number; name: string; kind: string; online: boolean };
const devices: Device[] = [
  { id: 1, name: 'Main Lobby Ambassador', kind: 'Ambassador', online: true },
  { id: 2, name: 'Website Chatbot', kind: 'Chatbot', online: false },
];

function columns(onEdit: (row: Device) => void = () => undefined): Column<Device>[] {
  return [
    { id: 'name', header: 'Name', render: (row) => row.name },
    { id: 'kind', header: 'Kind', render: (row) => row.kind },
    {
      id: 'online',
      header: 'Status',
      render: (row) => (row.online ? 'Online' : 'Offline'),
      defaultHidden: true,
    },
    {
      id: 'actions',
      header: 'Actions',
      sticky: true,
      width: 64,
      hideable: false,
      render: (row) => (
        <IconButton aria-label={`Edit ${row.name}`} onClick={() => onEdit(row)}>
          ✎
        </IconButton>
      ),
    },
  ];
}

function Table({ cols, onRowClick }: { cols: Column<Device>[]; onRowClick?: (row: Device) => void }) {
  return (
    <DataTable
      ariaLabel="Devices"
      testId="devices-table"
      columns={cols}
      rows={devices}
      rowKey={(row) => row.id}
      rowTestId={(row) => `device-row-${row.id}`}
      total={devices.length}
      page={0}
      pageSize={10}
      onPageChange={() => undefined}
      {...(onRowClick && { onRowClick })}
    />
  );
}

/** A screen as wide as a phone: every `max-width` query (MUI's `down('sm')`) matches. */
function phoneWidth() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: /max-width:\s*599/.test(query),
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }));
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  authStore.set(LOGGED_OUT);
});

describe('DataTable', () => {
  it('is a table on a wide screen', () => {
    render(<Table cols={columns()} />);
    expect(screen.getByTestId('devices-table').getAttribute('data-layout')).toBe('table');
    expect(screen.getByRole('table', { name: 'Devices' })).toBeTruthy();
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Name',
      'Kind',
      'Status',
      'Actions',
    ]);
  });

  it('shows each row as a card under 600 px: title, label: value lines, actions at the bottom', () => {
    phoneWidth();
    const edited: string[] = [];
    render(<Table cols={columns((row) => edited.push(row.name))} />);

    expect(screen.getByTestId('devices-table').getAttribute('data-layout')).toBe('cards');
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryAllByRole('columnheader')).toEqual([]);
    const list = screen.getByRole('list', { name: 'Devices' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);

    const card = screen.getByTestId('device-row-2');
    expect(card.querySelector('[data-card-title]')?.textContent).toBe('Website Chatbot');
    const terms = [...card.querySelectorAll('dt')].map((dt) => dt.textContent);
    const values = [...card.querySelectorAll('dd')].map((dd) => dd.textContent);
    expect(terms).toEqual(['Kind', 'Status']);
    expect(values).toEqual(['Chatbot', 'Offline']);
    // The action is the card's, last, and still works; nothing is pinned.
    const edit = within(card).getByRole('button', { name: 'Edit Website Chatbot' });
    expect(card.lastElementChild?.contains(edit)).toBe(true);
    expect(card.innerHTML).not.toContain('sticky');
    fireEvent.click(edit);
    expect(edited).toEqual(['Website Chatbot']);
  });

  it('opens a row on click or Enter, but not from a button inside it', () => {
    const opened: number[] = [];
    const edited: number[] = [];
    render(<Table cols={columns((row) => edited.push(row.id))} onRowClick={(row) => opened.push(row.id)} />);

    fireEvent.click(within(screen.getByTestId('device-row-1')).getByText('Ambassador'));
    expect(opened).toEqual([1]);

    const row = screen.getByTestId('device-row-2');
    expect(row.tabIndex).toBe(0);
    fireEvent.keyDown(row, { key: 'Enter' });
    expect(opened).toEqual([1, 2]);

    const edit = within(row).getByRole('button', { name: 'Edit Website Chatbot' });
    fireEvent.click(edit);
    fireEvent.keyDown(edit, { key: 'Enter' });
    expect(edited).toEqual([2]);
    expect(opened).toEqual([1, 2]);
  });

  it('opens a card on a phone the same way', () => {
    phoneWidth();
    const opened: number[] = [];
    render(<Table cols={columns()} onRowClick={(row) => opened.push(row.id)} />);
    fireEvent.click(screen.getByText('Main Lobby Ambassador'));
    fireEvent.keyDown(screen.getByTestId('device-row-2'), { key: 'Enter' });
    expect(opened).toEqual([1, 2]);
  });
});

describe('column chooser', () => {
  function Chosen({ page = '/setting/devices' }: { page?: string }) {
    const choice = useColumnChoice(page, columns());
    return (
      <>
        <ColumnChooser choice={choice} />
        <Table cols={choice.visible} />
      </>
    );
  }
  const headers = () => screen.getAllByRole('columnheader', { hidden: true }).map((th) => th.textContent);
  const option = (id: string) => screen.getByTestId(`column-chooser-option-${id}`);

  it('shows the chosen columns, remembers them per user and page, and restores them after a reload', () => {
    authStore.set(signedIn);
    render(<Chosen />);
    // "Status" is hidden until chosen.
    expect(headers()).toEqual(['Name', 'Kind', 'Actions']);

    fireEvent.click(screen.getByTestId('column-chooser'));
    // What may not be hidden is not offered.
    expect(screen.queryByTestId('column-chooser-option-actions')).toBeNull();
    expect(option('kind').getAttribute('aria-checked')).toBe('true');
    expect(option('online').getAttribute('aria-checked')).toBe('false');
    fireEvent.click(option('online'));
    fireEvent.click(option('kind'));
    expect(headers()).toEqual(['Name', 'Status', 'Actions']);
    expect(option('kind').getAttribute('aria-checked')).toBe('false');

    // A reload: the same user on the same page gets the same columns.
    cleanup();
    expect(localStorage.getItem(columnChoiceKey(1, '/setting/devices'))).not.toBeNull();
    render(<Chosen />);
    expect(headers()).toEqual(['Name', 'Status', 'Actions']);

    // Another page, or another user on this browser, starts from the defaults.
    cleanup();
    render(<Chosen page="/setting/users" />);
    expect(headers()).toEqual(['Name', 'Kind', 'Actions']);
    cleanup();
    act(() => authStore.set({ ...signedIn, user_info: { ...signedIn.user_info!, user_id: 2 } }));
    render(<Chosen />);
    expect(headers()).toEqual(['Name', 'Kind', 'Actions']);
  });

  it('goes back to the default columns', () => {
    authStore.set(signedIn);
    render(<Chosen />);
    fireEvent.click(screen.getByTestId('column-chooser'));
    fireEvent.click(option('name'));
    expect(headers()).toEqual(['Kind', 'Actions']);
    fireEvent.click(screen.getByTestId('column-chooser-reset'));
    expect(headers()).toEqual(['Name', 'Kind', 'Actions']);
    cleanup();
    render(<Chosen />);
    expect(headers()).toEqual(['Name', 'Kind', 'Actions']);
  });
});
