import { makeRule } from '@ambassador/contracts';
import { describe, expect, it } from 'vitest';
import {
  CONFIRM_MISMATCH,
  createRequest,
  resetRequest,
  userFormFields,
  validateUserForm,
  withinRole,
  type UserForm,
} from './user-form';

const blank: UserForm = {
  username: '',
  role_id: '',
  password: '',
  confirm: '',
  old_password: '',
  require_change: true,
  languages: [],
  page_access: [],
};

describe('user form', () => {
  it('reports the contract rules for an empty create form', () => {
    expect(validateUserForm(blank, 'create', false)).toEqual({
      username: makeRule('username_required'),
      role_id: makeRule('role_required'),
      password: makeRule('password_required'),
    });
  });

  it('applies the password policy and the confirmation', () => {
    const form = { ...blank, username: 'maria', role_id: 1 as const };
    expect(
      validateUserForm({ ...form, password: 'short1!', confirm: 'short1!' }, 'create', false).password,
    ).toEqual(makeRule('min_max_characters', { min: 8, max: 128 }));
    expect(
      validateUserForm({ ...form, password: 'alllower1!', confirm: 'alllower1!' }, 'create', false).password,
    ).toEqual(makeRule('password_uppercase'));
    expect(
      validateUserForm({ ...form, password: 'Good#Pass1', confirm: 'Good#Pass2' }, 'create', false),
    ).toEqual({
      confirm: CONFIRM_MISMATCH,
    });
    expect(
      validateUserForm({ ...form, password: 'Good#Pass1', confirm: 'Good#Pass1' }, 'create', false),
    ).toEqual({});
  });

  it('asks for the current password only when users change their own', () => {
    const form = { ...blank, password: 'Good#Pass1', confirm: 'Good#Pass1' };
    expect(validateUserForm(form, 'reset', true)).toEqual({
      old_password: makeRule('current_password_required'),
    });
    expect(validateUserForm(form, 'reset', false)).toEqual({});
    expect(userFormFields('reset', true)).toMatchObject({
      oldPassword: true,
      requireChange: false,
      username: false,
    });
    expect(userFormFields('reset', false)).toMatchObject({ oldPassword: false, requireChange: true });
    expect(userFormFields('edit', false)).toMatchObject({ password: false, username: true, role: true });
  });

  it('builds the create body with the require-change flag and role-bounded page access', () => {
    const body = createRequest(
      {
        ...blank,
        username: ' maria ',
        role_id: 2,
        password: 'Good#Pass1',
        confirm: 'Good#Pass1',
        page_access: ['/chat', '/setting'],
      },
      42,
    );
    expect(body).toEqual({
      device_id: 42,
      username: 'maria',
      password: 'Good#Pass1',
      role_id: 2,
      page_access: ['/chat'],
      is_password_expired: true,
    });
    expect(withinRole(['/setting', '/dashboard'], 1)).toEqual(['/dashboard']);
  });

  it('sends old_password for a self reset and the require-change flag for an admin reset', () => {
    const form = {
      ...blank,
      old_password: 'Old#Pass1',
      password: 'New#Pass1',
      confirm: 'New#Pass1',
      require_change: false,
    };
    expect(resetRequest(form, 9, undefined, true)).toEqual({
      user_id: 9,
      old_password: 'Old#Pass1',
      password: 'New#Pass1',
    });
    expect(resetRequest(form, 9, 42, false)).toEqual({
      device_id: 42,
      user_id: 9,
      password: 'New#Pass1',
      is_password_expired: false,
    });
  });
});
