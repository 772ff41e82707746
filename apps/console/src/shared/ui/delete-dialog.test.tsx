import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18n, { changeUiLanguage } from '@/i18n/i18n';
import { DeleteDialog } from './delete-dialog';
import { DELETE_TYPES, deleteDialogText, type DeleteType } from './delete-dialog-text';

afterEach(async () => {
  cleanup();
  await changeUiLanguage('en');
});

const t = i18n.t.bind(i18n);

describe('delete dialog text', () => {
  it('titles the generic kinds "Delete {kind} record?"', () => {
    const titles = Object.fromEntries(
      (['keyword', 'unit', 'category', 'question', 'response', 'user', 'quiz'] as DeleteType[]).map(
        (type) => [type, deleteDialogText(t, type, 'ignored name').title],
      ),
    );
    expect(titles).toEqual({
      keyword: 'Delete keyword record?',
      unit: 'Delete unit record?',
      category: 'Delete category record?',
      question: 'Delete question record?',
      response: 'Delete response record?',
      user: 'Delete user record?',
      quiz: 'Delete quiz record?',
    });
  });

  it('names the item for named kinds', () => {
    expect(deleteDialogText(t, 'mrc', 'faq.pdf').title).toBe('Delete faq.pdf');
    expect(deleteDialogText(t, 'avatar', 'Amy').title).toBe('Delete Amy');
    expect(deleteDialogText(t, 'event', 'Open day').title).toBe('Delete Open day');
    expect(deleteDialogText(t, 'quiz_question', 'Q1').title).toBe('Delete Q1');
    expect(deleteDialogText(t, 'idle_video', 'loop.mp4').title).toBe('Delete loop.mp4');
    expect(deleteDialogText(t, 'location', 'Gate A').title).toBe('Delete Gate A');
    expect(deleteDialogText(t, 'category_layer', 'Shops').title).toBe('Delete Shops');
    // Without a name the kind stands in.
    expect(deleteDialogText(t, 'category_layer', '').title).toBe('Delete category layer');
  });

  it('warns that avatars, quizzes and questions cannot be undone, and other records are gone for good', () => {
    expect(deleteDialogText(t, 'avatar', 'Amy').body).toBe(
      'This avatar will be permanently deleted. This cannot be undone.',
    );
    expect(deleteDialogText(t, 'quiz').body).toBe('This quiz will be deleted. This cannot be undone.');
    expect(deleteDialogText(t, 'question').body).toBe(
      'This question will be deleted. This cannot be undone.',
    );
    for (const type of ['user', 'keyword', 'mrc', 'location'] as DeleteType[]) {
      expect(deleteDialogText(t, type, 'x').body).toBe('The record will be permanently deleted.');
    }
  });

  it('has a title and body for every type in every interface language', async () => {
    for (const language of ['en', 'zhHant', 'zhHans'] as const) {
      await changeUiLanguage(language);
      for (const type of DELETE_TYPES) {
        const text = deleteDialogText(i18n.t.bind(i18n), type, 'X');
        expect(text.title).not.toMatch(/delete\.|{{/);
        expect(text.body).not.toMatch(/delete\.|{{/);
      }
    }
    await changeUiLanguage('zhHant');
    expect(deleteDialogText(i18n.t.bind(i18n), 'user').title).toBe('刪除此使用者記錄？');
  });
});

describe('DeleteDialog', () => {
  it('shows the texts and disables both buttons while the delete runs', async () => {
    let finish: () => void = () => undefined;
    let confirmed = 0;
    render(
      <DeleteDialog
        open
        type="user"
        item="maria"
        onCancel={() => undefined}
        onConfirm={() => {
          confirmed += 1;
          return new Promise<void>((resolve) => {
            finish = resolve;
          });
        }}
      />,
    );
    expect(screen.getByRole('dialog', { name: 'Delete user record?' })).toBeTruthy();
    expect(screen.getByText('The record will be permanently deleted.')).toBeTruthy();

    const confirm = screen.getByTestId('delete-confirm') as HTMLButtonElement;
    const cancel = screen.getByTestId('dialog-cancel') as HTMLButtonElement;
    expect(confirm.disabled).toBe(false);
    fireEvent.click(confirm);
    expect(confirmed).toBe(1);
    expect(confirm.disabled).toBe(true);
    expect(cancel.disabled).toBe(true);

    await act(async () => finish());
    expect(confirm.disabled).toBe(false);
    expect(cancel.disabled).toBe(false);
  });

  it('does not close on Escape (persistent)', () => {
    let cancelled = false;
    render(
      <DeleteDialog
        open
        type="avatar"
        item="Amy"
        onCancel={() => (cancelled = true)}
        onConfirm={async () => undefined}
      />,
    );
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(cancelled).toBe(false);
    fireEvent.click(screen.getByTestId('dialog-cancel'));
    expect(cancelled).toBe(true);
  });
});
