import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18n, { changeUiLanguage } from '@/i18n/i18n';
import { DeleteDialog } from './delete-dialog';
import { DELETE_ITEM_MAX, DELETE_TYPES, deleteDialogText, type DeleteType } from './delete-dialog-text';

afterEach(async () => {
  cleanup();
  await changeUiLanguage('en');
});

const t = i18n.t.bind(i18n);

describe('delete dialog text', () => {
  it('titles the generic kinds "Delete {kind} record?", the name going into the body', () => {
    const titles = Object.fromEntries(
      (['keyword', 'alias', 'unit', 'category', 'question', 'response', 'user', 'quiz'] as DeleteType[]).map(
        (type) => [type, deleteDialogText(t, type, 'a name').title],
      ),
    );
    expect(titles).toEqual({
      keyword: 'Delete keyword record?',
      alias: 'Delete alias list record?',
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

  it('warns that avatars and quiz questions cannot be undone, says a question can be for 24 hours, and other records are gone for good', () => {
    expect(deleteDialogText(t, 'avatar', 'Amy').body).toBe(
      'This avatar will be permanently deleted. This cannot be undone.',
    );
    expect(deleteDialogText(t, 'quiz').body).toBe(
      'This quiz will be deleted. You can undo this for 24 hours.',
    );
    expect(deleteDialogText(t, 'question').body).toBe(
      'This question will be deleted. You can undo this for 24 hours.',
    );
    expect(deleteDialogText(t, 'location', 'Pharmacy').body).toBe(
      'This location will be deleted. You can undo this for 24 hours.',
    );
    for (const type of ['user', 'mrc'] as DeleteType[]) {
      expect(deleteDialogText(t, type).body).toBe('The record will be permanently deleted.');
    }
    expect(deleteDialogText(t, 'mrc', 'faq.pdf').body).toBe('The record will be permanently deleted.');
  });

  it('counts the records of a bulk delete instead of naming one', () => {
    expect(deleteDialogText(t, 'question', null, 1000)).toMatchObject({
      title: 'Delete 1000 question records?',
      body: '1000 records will be deleted. You can undo this for 24 hours.',
    });
    expect(deleteDialogText(t, 'user', null, 1).title).toBe('Delete 1 user record?');
  });

  it('names the item in the body when the title does not', () => {
    expect(deleteDialogText(t, 'question', '  Opening   hours ').body).toBe(
      'The question “Opening hours” will be deleted. You can undo this for 24 hours.',
    );
    expect(deleteDialogText(t, 'user', 'maria').body).toBe('The user “maria” will be permanently deleted.');
    expect(deleteDialogText(t, 'category', 'Shops').body).toBe(
      'The category “Shops” will be permanently deleted.',
    );
    expect(deleteDialogText(t, 'keyword', 'parking').body).toBe(
      'The keyword “parking” will be deleted. You can undo this for 24 hours.',
    );
    expect(deleteDialogText(t, 'alias', 'Gate').body).toBe(
      'The aliases of “Gate” will be deleted. You can undo this for 24 hours.',
    );
    const long = deleteDialogText(t, 'response', 'x'.repeat(200)).body;
    expect(long).toContain(`“${'x'.repeat(DELETE_ITEM_MAX - 1)}…”`);
  });

  it('says what else goes with a topic, a category, a user and an alias list', () => {
    expect(deleteDialogText(t, 'question', 'Opening hours').also).toBe(
      'Its sub-topics, keywords and responses are deleted too.',
    );
    expect(deleteDialogText(t, 'category', 'Shops').also).toBe(
      'Its empty sub-categories are deleted too. A category that still holds question topics cannot be deleted.',
    );
    expect(deleteDialogText(t, 'user', 'maria').also).toBe(
      'They are signed out of every open console at once.',
    );
    expect(deleteDialogText(t, 'alias', 'Gate').also).toBe(
      'The keyword itself stays on its question topics.',
    );
    expect(deleteDialogText(t, 'keyword', 'parking').also).toBeNull();
    expect(deleteDialogText(t, 'response', 'Hello').also).toBeNull();
  });

  it('has a title and body for every type in every interface language', async () => {
    for (const language of ['en', 'zhHant', 'zhHans'] as const) {
      await changeUiLanguage(language);
      for (const type of DELETE_TYPES) {
        const text = deleteDialogText(i18n.t.bind(i18n), type, 'X');
        expect(text.title).not.toMatch(/delete\.|{{/);
        expect(text.body).not.toMatch(/delete\.|{{/);
        expect(text.also ?? '').not.toMatch(/delete\.|{{/);
      }
    }
    await changeUiLanguage('zhHant');
    expect(deleteDialogText(i18n.t.bind(i18n), 'user').title).toBe('刪除此使用者記錄？');
    expect(deleteDialogText(i18n.t.bind(i18n), 'question', '開放時間').also).toBe(
      '其子主題、關鍵字及回應亦會一併刪除。',
    );
    await changeUiLanguage('zhHans');
    expect(deleteDialogText(i18n.t.bind(i18n), 'user', 'maria').body).toBe('用户“maria”将被永久删除。');
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
    expect(screen.getByText('The user “maria” will be permanently deleted.')).toBeTruthy();
    expect(screen.getByText('They are signed out of every open console at once.')).toBeTruthy();

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

  it('says why a record cannot be deleted now and keeps Delete disabled', () => {
    render(
      <DeleteDialog
        open
        type="quiz"
        item="Animals"
        refusal="Used by “Summer fair”."
        onCancel={() => undefined}
        onConfirm={async () => undefined}
      />,
    );
    expect(screen.getByTestId('delete-dialog-refusal').textContent).toBe('Used by “Summer fair”.');
    // Only why: no "will be deleted" above a "cannot be deleted".
    expect(screen.queryByTestId('delete-dialog-body')).toBeNull();
    expect((screen.getByTestId('delete-confirm') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId('dialog-cancel') as HTMLButtonElement).disabled).toBe(false);
  });
});
