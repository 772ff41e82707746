import { describe, expect, it } from 'vitest';
import i18n from '@/i18n/i18n';
import { loadStringPack } from '@/i18n/i18n';
import { actionLabel, detailLines } from './describe';

describe('audit wording', () => {
  it('names actions in the interface language, and unknown codes as they are', async () => {
    await loadStringPack('audit');
    await loadStringPack('shell');
    const t = i18n.t.bind(i18n);
    await i18n.changeLanguage('en');
    expect(actionLabel(t, 'user.role_change')).toBe('Role changed');
    expect(actionLabel(t, 'undo.apply.create')).toBe('undo.apply.create');
    expect(
      detailLines(t, { action: 'user.role_change', detail: { role: { from: 'user', to: 'admin' } } }),
    ).toEqual(['Role: User → Admin']);
    expect(
      detailLines(t, {
        action: 'topic.update',
        detail: { fields: ['is_activated', 'responses'], values: { is_activated: false } },
      }),
    ).toEqual(['Active: no', 'Changed: Responses']);
    // A field the pack has no word for is still made readable.
    expect(
      detailLines(t, { action: 'quiz.update', detail: { values: { max_attempt: 3, quiz_id: 4 } } }),
    ).toEqual(['Max attempt: 3', 'Quiz: 4']);
    await i18n.changeLanguage('zhHant');
    expect(actionLabel(t, 'auth.sign_in_failed')).toBe('登入失敗');
    expect(detailLines(t, { action: 'auth.sign_in_failed', detail: { username_tried: 'MARY' } })).toEqual([
      '嘗試的名稱：MARY',
    ]);
    expect(detailLines(t, { action: 'topic.update', detail: { values: { is_activated: true } } })).toEqual([
      '啟用：是',
    ]);
    await i18n.changeLanguage('en');
  });
});
