import { afterEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import TextField from '@mui/material/TextField';
import { changeUiLanguage } from '@/i18n/i18n';
import { FormDialog } from './form-dialog';
import { useChanged } from './quit-editing-dialog';

afterEach(async () => {
  cleanup();
  await changeUiLanguage('en');
});

/** A one-field form whose dirty state is its text against where it started. */
function NoteForm({ onClose, start = '' }: { onClose: () => void; start?: string }) {
  const [text, setText] = useState(start);
  const dirty = useChanged(text);
  return (
    <FormDialog
      open
      onClose={onClose}
      dirty={dirty}
      onSubmit={(event) => event.preventDefault()}
      submitting={false}
      title="Note"
      testId="note-dialog"
      submitLabel="Save"
    >
      <TextField
        label="Text"
        value={text}
        onChange={(event) => setText(event.target.value)}
        slotProps={{ htmlInput: { 'data-testid': 'note-input' } }}
      />
    </FormDialog>
  );
}

const escape = () => fireEvent.keyDown(screen.getByTestId('note-input'), { key: 'Escape' });

describe('a form dialog with unsaved changes', () => {
  it('closes at once on Escape and Cancel while nothing changed', () => {
    const onClose = vi.fn();
    render(<NoteForm onClose={onClose} start="as saved" />);
    escape();
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByTestId('dialog-cancel'));
    expect(onClose).toHaveBeenCalledTimes(2);
    expect(screen.queryByTestId('quit-editing-dialog')).toBeNull();
  });

  it('asks on Escape once changed: Keep editing keeps the text, Quit closes', async () => {
    const onClose = vi.fn();
    render(<NoteForm onClose={onClose} />);
    fireEvent.change(screen.getByTestId('note-input'), { target: { value: 'half a note' } });
    escape();
    const ask = await screen.findByTestId('quit-editing-dialog');
    expect(ask.textContent).toContain('Quit without saving?');
    expect(ask.textContent).toContain('Your changes are not saved.');
    expect(onClose).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByTestId('quit-editing-dialog')).toBeNull());
    expect(onClose).not.toHaveBeenCalled();
    expect((screen.getByTestId('note-input') as HTMLInputElement).value).toBe('half a note');

    fireEvent.click(screen.getByTestId('dialog-cancel'));
    fireEvent.click(await screen.findByTestId('quit-editing-confirm'));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('no longer asks once the text is back to where it started', () => {
    const onClose = vi.fn();
    render(<NoteForm onClose={onClose} start="kept" />);
    const input = screen.getByTestId('note-input');
    fireEvent.change(input, { target: { value: 'kept!' } });
    fireEvent.change(input, { target: { value: 'kept' } });
    escape();
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('asks in the interface language', async () => {
    await changeUiLanguage('zhHant');
    render(<NoteForm onClose={() => {}} />);
    fireEvent.change(screen.getByTestId('note-input'), { target: { value: '半' } });
    escape();
    const ask = await screen.findByTestId('quit-editing-dialog');
    expect(ask.textContent).toContain('不儲存就離開？');
    expect(ask.textContent).toContain('繼續編輯');
  });
});
