import {
  ROLE_PAGES,
  ZCreateUserRequest,
  ZPassword,
  makeRule,
  ruleOf,
  type CreateUserRequest,
  type Language,
  type PagePath,
  type RoleId,
  type Rule,
  type UpdateUserRequest,
} from '@ambassador/contracts';

export type UserDialogMode = 'create' | 'edit' | 'reset';

export type UserForm = {
  username: string;
  role_id: RoleId | '';
  password: string;
  confirm: string;
  old_password: string;
  /** is_password_expired: the user must choose a new password at next sign-in. */
  require_change: boolean;
  languages: Language[];
  page_access: PagePath[];
};

export type UserFormField = 'username' | 'role_id' | 'password' | 'confirm' | 'old_password';
/** The contract rules that failed, translated when shown. */
export type UserFormErrors = Partial<Record<UserFormField, Rule>>;

export const CONFIRM_MISMATCH = makeRule('confirm_password_mismatch');
export const CURRENT_PASSWORD_REQUIRED = makeRule('current_password_required');

/** Which fields a mode shows. `self` = the signed-in user's own account. */
export function userFormFields(mode: UserDialogMode, self: boolean) {
  return {
    username: mode !== 'reset',
    role: mode !== 'reset',
    oldPassword: mode === 'reset' && self,
    password: mode !== 'edit',
    requireChange: mode === 'create' || (mode === 'reset' && !self),
    languages: mode !== 'reset',
    pageAccess: mode !== 'reset',
  };
}

const ZIdentity = ZCreateUserRequest.pick({ username: true, role_id: true });

export function validateUserForm(form: UserForm, mode: UserDialogMode, self: boolean): UserFormErrors {
  const fields = userFormFields(mode, self);
  const errors: UserFormErrors = {};
  if (fields.username || fields.role) {
    const result = ZIdentity.safeParse({
      username: form.username,
      role_id: form.role_id === '' ? undefined : form.role_id,
    });
    if (!result.success) {
      for (const issue of result.error.issues) {
        const field = issue.path[0];
        if ((field === 'username' || field === 'role_id') && !errors[field]) errors[field] = ruleOf(issue);
      }
    }
  }
  if (fields.oldPassword && form.old_password === '') errors.old_password = CURRENT_PASSWORD_REQUIRED;
  if (fields.password) {
    const result = ZPassword.safeParse(form.password);
    if (!result.success) errors.password = ruleOf(result.error.issues[0]!);
    if (form.confirm !== form.password) errors.confirm = CONFIRM_MISMATCH;
  }
  return errors;
}

/** Keep page access within what the role can open (an empty list = everything the role allows). */
export function pagesForRole(role: RoleId | ''): readonly PagePath[] {
  return role === '' ? [] : ROLE_PAGES[role];
}

export function withinRole(pages: readonly PagePath[], role: RoleId | ''): PagePath[] {
  const allowed = pagesForRole(role);
  return pages.filter((page) => allowed.includes(page));
}

export function createRequest(form: UserForm, deviceId: number | undefined): CreateUserRequest {
  return {
    device_id: deviceId,
    username: form.username.trim(),
    password: form.password,
    role_id: form.role_id as RoleId,
    ...(form.languages.length > 0 && { languages: form.languages }),
    page_access: withinRole(form.page_access, form.role_id),
    is_password_expired: form.require_change,
  };
}

export function editRequest(form: UserForm, userId: number, deviceId: number | undefined): UpdateUserRequest {
  return {
    device_id: deviceId,
    user_id: userId,
    username: form.username.trim(),
    role_id: form.role_id as RoleId,
    languages: form.languages,
    page_access: withinRole(form.page_access, form.role_id),
  };
}

export function resetRequest(
  form: UserForm,
  userId: number,
  deviceId: number | undefined,
  self: boolean,
): UpdateUserRequest {
  return self
    ? {
        ...(deviceId !== undefined && { device_id: deviceId }),
        user_id: userId,
        old_password: form.old_password,
        password: form.password,
      }
    : {
        device_id: deviceId,
        user_id: userId,
        password: form.password,
        is_password_expired: form.require_change,
      };
}
