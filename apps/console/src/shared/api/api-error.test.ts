import { makeRule, ZCreateUserRequest, ZPushRequest, type ValidationIssue } from '@ambassador/contracts';
import i18n from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { changeUiLanguage } from '@/i18n/i18n';
import { translateIssue } from '@/shared/lib/rule-message';
import { ApiError, errorMessage, translateRule } from './api-error';

afterEach(async () => {
  await changeUiLanguage('en');
});

const tooLong: ValidationIssue = {
  path: ['texts', 'english'],
  message: 'Maximum 500 characters',
  key: 'maximum_characters',
  params: { max: 500 },
};
const invalid = (issues: ValidationIssue[]) =>
  new ApiError(
    400,
    `Invalid input. ${issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    'validation_error',
    issues,
  );

describe('the translator', () => {
  it('words a rule by its key and parameters in the interface language', async () => {
    expect(translateRule(i18n.t, makeRule('maximum_characters', { max: 80 }))).toBe('Maximum 80 characters');
    await changeUiLanguage('zhHant');
    expect(translateRule(i18n.t, makeRule('maximum_characters', { max: 80 }))).toBe('最多 80 個字元');
    await changeUiLanguage('zhHans');
    expect(translateRule(i18n.t, makeRule('username_required'))).toBe('请输入用户名');
  });

  it('reads a form issue and a server issue the same way', async () => {
    const local = ZPushRequest.safeParse({ device_ids: [1], texts: { english: 'x'.repeat(501) } });
    expect(local.success).toBe(false);
    await changeUiLanguage('zhHant');
    expect(translateIssue(i18n.t, local.error!.issues[0]!)).toBe('最多 500 個字元');
    expect(translateIssue(i18n.t, tooLong)).toBe('最多 500 個字元');
    // zod's own issue (no rule named) by its code.
    const role = ZCreateUserRequest.shape.role_id.safeParse(7);
    expect(translateIssue(i18n.t, role.error!.issues[0]!)).toBe('請選擇角色');
  });

  it('shows an error by its code, in English as the server wrote a detailed one', async () => {
    const locked = new ApiError(429, 'Too many attempts.', 'locked_out');
    const missing = new ApiError(404, 'Question topic not found.', 'not_found');
    expect(errorMessage(locked, 'x')).toBe('Too many failed sign-in attempts. Try again in 15 minutes.');
    expect(errorMessage(missing, 'x')).toBe('Question topic not found.');
    expect(errorMessage(invalid([tooLong]), 'x')).toBe(
      'Invalid input. texts.english: Maximum 500 characters',
    );
    await changeUiLanguage('zhHant');
    expect(errorMessage(locked, 'x')).toBe('登入失敗次數過多，請於 15 分鐘後再試。');
    expect(errorMessage(missing, 'x')).toBe('此項目已不存在，可能已被刪除。');
    expect(errorMessage(invalid([tooLong]), 'x')).toBe('輸入無效：texts.english: 最多 500 個字元');
    await changeUiLanguage('zhHans');
    expect(errorMessage(new ApiError(400, 'No file was sent.', 'no_file'), 'x')).toBe('未收到任何文件。');
  });

  it('shows the message of a code or rule it does not know', async () => {
    await changeUiLanguage('zhHant');
    expect(errorMessage(new ApiError(409, 'Something new.', 'brand_new_code'), 'x')).toBe('Something new.');
    const newer = { ...tooLong, key: 'brand_new_rule', message: 'Newer rule' } as unknown as ValidationIssue;
    expect(errorMessage(invalid([newer]), 'x')).toBe('輸入無效：texts.english: Newer rule');
    expect(errorMessage(new Error(''), 'fallback')).toBe('fallback');
  });
});
