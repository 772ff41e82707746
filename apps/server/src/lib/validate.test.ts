import fs from 'node:fs';
import path from 'node:path';
import {
  RULE_KEYS,
  ZCallStatusRequest,
  ZCreateTopicRequest,
  ZCreateUserRequest,
  ZNotificationChannel,
  ZPaging,
  ZPushRequest,
  ruleOf,
  ruleText,
  validationIssue,
} from '@ambassador/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from './errors.js';
import { failedRule, validate } from './validate.js';

const issuesOf = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  if (result.success) throw new Error('expected a failure');
  return result.error.issues;
};

describe('ruleOf', () => {
  it('names the rule and its parameters of a contract message', () => {
    const [tooLong] = issuesOf(ZPushRequest, {
      device_ids: [1],
      texts: { english: 'x'.repeat(501) },
    });
    expect(tooLong!.message).toBe('Maximum 500 characters');
    expect(ruleOf(tooLong!)).toEqual({ key: 'maximum_characters', params: { max: 500 } });

    const user = issuesOf(ZCreateUserRequest, { username: ' ', password: 'short1!' });
    expect(user.map((issue) => [issue.path.join('.'), ruleOf(issue)])).toEqual([
      ['username', { key: 'username_required', params: {} }],
      ['username', { key: 'username_charset', params: {} }],
      ['password', { key: 'min_max_characters', params: { min: 8, max: 128 } }],
      ['password', { key: 'password_uppercase', params: {} }],
      ['role_id', { key: 'role_required', params: {} }],
    ]);

    const [ring] = issuesOf(ZNotificationChannel.shape.ring_seconds, 301);
    expect(ruleOf(ring!)).toEqual({ key: 'maximum', params: { max: 300 } });
    // A refinement, and a format with its own message.
    const [category] = issuesOf(ZCreateTopicRequest, { device_id: 1, name: 'Opening hours' });
    expect(ruleOf(category!)).toEqual({ key: 'select_category', params: {} });
    const [call] = issuesOf(ZCallStatusRequest, { real_session_id: 'nope', status: 'ended' });
    expect(ruleOf(call!)).toEqual({ key: 'unknown_call', params: {} });
  });

  it("maps zod's own issues by their code", () => {
    expect(ruleOf(issuesOf(ZPaging, { limit: 500 })[0]!)).toEqual({ key: 'maximum', params: { max: 100 } });
    expect(ruleOf(issuesOf(ZPaging, { offset: -1 })[0]!)).toEqual({ key: 'minimum', params: { min: 0 } });
    expect(ruleOf(issuesOf(z.string().max(3), 'abcd')[0]!)).toEqual({
      key: 'maximum_characters',
      params: { max: 3 },
    });
    expect(ruleOf(issuesOf(z.array(z.number()).min(2), [1])[0]!)).toEqual({
      key: 'too_few_items',
      params: { min: 2 },
    });
    expect(ruleOf(issuesOf(z.string(), 5)[0]!)).toEqual({
      key: 'invalid_type',
      params: { expected: 'string' },
    });
    expect(ruleOf(issuesOf(z.uuid(), 'x')[0]!)).toEqual({
      key: 'invalid_format',
      params: { format: 'uuid' },
    });
    expect(ruleOf(issuesOf(z.enum(['a', 'b']), 'c')[0]!)).toEqual({ key: 'invalid_option', params: {} });
    expect(ruleOf(issuesOf(z.strictObject({}), { a: 1, b: 2 })[0]!)).toEqual({
      key: 'unrecognized_keys',
      params: { keys: 'a, b' },
    });
    expect(
      ruleOf(
        issuesOf(
          z.string().refine(() => false),
          'x',
        )[0]!,
      ),
    ).toEqual({
      key: 'invalid_value',
      params: {},
    });
  });

  it("gives back the rule a server's issue carries, so a client reads both the same way", () => {
    const [issue] = issuesOf(ZPushRequest, { device_ids: [], texts: { english: 'Hello' } });
    const sent = JSON.parse(JSON.stringify(validationIssue(issue!)));
    expect(sent).toEqual({
      path: ['device_ids'],
      message: 'Choose at least one device',
      key: 'choose_device',
      params: {},
    });
    expect(ruleOf(sent)).toEqual(ruleOf(issue!));
  });

  it('has an English text for every rule', () => {
    const params = { min: 1, max: 2, expected: 'string', format: 'uuid', keys: 'a', value: 'x', row: 3 };
    for (const key of RULE_KEYS)
      expect(ruleText(key as never, params as never)).not.toMatch(/undefined|^\s*$/);
  });

  it('leaves no English message in the contracts outside the rule catalog', () => {
    const dir = path.resolve(import.meta.dirname, '../../../../packages/contracts/src');
    // `error: 'Text'`, `message: 'Text'`, or a check's message `.max(80, 'Text')`.
    const literal = /\b(?:error|message):\s*['"`]|,\s*['"`][A-Z][a-z]/;
    const offenders = fs
      .readdirSync(dir)
      .filter((file) => file.endsWith('.ts') && file !== 'rules.ts')
      .flatMap((file) =>
        fs
          .readFileSync(path.join(dir, file), 'utf8')
          .split('\n')
          // Comments and `[…] as const` lists of values (statuses, names) are not messages.
          .filter(
            (line) => literal.test(line) && !/^\s*(\/\/|\/?\*)/.test(line) && !/\] as const;$/.test(line),
          )
          .map((line) => `${file}: ${line.trim()}`),
      );
    expect(offenders).toEqual([]);
  });
});

describe('validate', () => {
  it('refuses with the English message as before, and the rules in issues', () => {
    let thrown: unknown;
    try {
      validate(ZCreateUserRequest, { username: 'maria', password: 'alllower1!' });
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(AppError);
    const error = thrown as AppError;
    expect(error.code).toBe('validation_error');
    expect(error.message).toBe(
      'Invalid input. password: Password needs an uppercase letter; role_id: Role is required',
    );
    expect(error.issues).toEqual([
      {
        path: ['password'],
        message: 'Password needs an uppercase letter',
        key: 'password_uppercase',
        params: {},
      },
      { path: ['role_id'], message: 'Role is required', key: 'role_required', params: {} },
    ]);
  });

  it('words a rule checked outside a schema from the catalog', () => {
    expect(failedRule('start_datetime', 'not_a_date', { value: '2026-13-01' })).toEqual({
      path: ['start_datetime'],
      message: '2026-13-01 is not a date',
      key: 'not_a_date',
      params: { value: '2026-13-01' },
    });
  });
});

describe('operatorText', () => {
  it('keeps what an operator may read: no file path, no stack line', async () => {
    const { operatorText } = await import('./errors.js');
    expect(
      operatorText(
        "ENOENT: no such file or directory, open '/srv/ambassador/data/media/.incoming/a b.pdf'\n    at open (node:fs:1)",
      ),
    ).toBe("ENOENT: no such file or directory, open '…'");
    expect(operatorText('Failed on C:\\Users\\ops\\AppData\\scan.docx here')).toBe('Failed on … here');
    expect(operatorText('Use 3/4 of the page, and/or the first.')).toBe(
      'Use 3/4 of the page, and/or the first.',
    );
    expect(operatorText('x'.repeat(2000))).toHaveLength(1000);
  });
});
