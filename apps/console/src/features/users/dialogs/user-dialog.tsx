import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  LANGUAGES,
  ROLE_IDS,
  type Language,
  type PagePath,
  type RoleId,
  type User,
} from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';
import { useAuth } from '@/shared/auth/auth-store';
import { logout } from '@/shared/auth/logout';
import { segmentOf } from '@/shared/lib/pages';
import { translateRule } from '@/shared/api/api-error';
import { FormDialog } from '@/shared/ui/form-dialog';
import { useChanged } from '@/shared/ui/quit-editing-dialog';
import { notify } from '@/shared/ui/snackbar/snackbar-store';
import { useCreateUser } from '../api/create-user';
import { useUpdateUser } from '../api/update-user';
import { ROLE_KEYS } from '@/shared/lib/role-keys';
import {
  createRequest,
  editRequest,
  pagesForRole,
  resetRequest,
  userFormFields,
  validateUserForm,
  withinRole,
  type UserDialogMode,
  type UserForm,
  type UserFormField,
} from './user-form';

export type UserDialogProps = {
  open: boolean;
  mode: UserDialogMode;
  /** Required for edit and reset. */
  user?: Pick<User, 'user_id' | 'username'> & Partial<User>;
  /** The password change forced at sign-in when the password has expired. */
  forced?: boolean;
  onClose: () => void;
};

function initialForm(mode: UserDialogMode, user: UserDialogProps['user']): UserForm {
  return {
    username: mode === 'create' ? '' : (user?.username ?? ''),
    role_id: mode === 'create' ? '' : (user?.role_id ?? ''),
    password: '',
    confirm: '',
    old_password: '',
    require_change: true,
    languages: mode === 'create' ? [] : (user?.languages ?? []),
    page_access: mode === 'create' ? [] : (user?.page_access ?? []),
  };
}

/**
 * User management dialog, modes create, edit and reset. Mount it with a fresh `key`
 * each time it opens, so its form starts clean.
 */
export function UserDialog({ open, mode, user, forced = false, onClose }: UserDialogProps) {
  const { t } = useTranslation();
  const auth = useAuth();
  const createUser = useCreateUser();
  const updateUser = useUpdateUser();
  const [form, setForm] = useState<UserForm>(() => initialForm(mode, user));
  const [submitted, setSubmitted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const dirty = useChanged(form);

  const self = forced || (user !== undefined && user.user_id === auth.user_info?.user_id);
  const fields = userFormFields(mode, self);
  const errors = submitted ? validateUserForm(form, mode, self) : {};
  const deviceId = auth.selected_device ?? undefined;

  const set = <K extends keyof UserForm>(key: K, value: UserForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const fieldError = (field: UserFormField) => {
    const message = errors[field];
    return message ? { error: true, helperText: translateRule(t, message) } : {};
  };

  const title =
    mode === 'create'
      ? t('users.dialog.create_title')
      : mode === 'edit'
        ? t('users.dialog.edit_title', { username: user?.username })
        : self
          ? t('users.dialog.change_own_title')
          : t('users.dialog.reset_title', { username: user?.username });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    setSubmitted(true);
    if (Object.keys(validateUserForm(form, mode, self)).length > 0) return;
    setSubmitting(true);
    let result;
    if (mode === 'create') {
      result = await notify.run(() => createUser.mutateAsync(createRequest(form, deviceId)), {
        loading: t('common.adding'),
        success: t('users.added'),
      });
    } else if (mode === 'edit' && user) {
      result = await notify.run(() => updateUser.mutateAsync(editRequest(form, user.user_id, deviceId)), {
        loading: t('common.updating'),
        success: t('users.updated'),
      });
    } else if (user) {
      result = await notify.run(
        async () => {
          await updateUser.mutateAsync(resetRequest(form, user.user_id, deviceId, self));
          // A changed own password ends the session: the guard sends the user to /login to sign in again.
          if (self) await logout();
        },
        {
          loading: t('common.updating'),
          success: self ? t('users.own_password_changed') : t('users.password_reset'),
        },
      );
    }
    setSubmitting(false);
    if (result?.ok) onClose();
  };

  const cancel = () => {
    if (!submitting) onClose();
  };

  const roleOptions = ROLE_IDS;
  const pageOptions = pagesForRole(form.role_id);

  return (
    <FormDialog
      open={open}
      dirty={dirty}
      onClose={cancel}
      onSubmit={(event) => void submit(event)}
      submitting={submitting}
      title={title}
      testId="user-dialog"
      width={480}
      dataAttributes={{ 'data-mode': mode }}
      submitLabel={mode === 'create' ? t('common.add') : t('common.save')}
    >
      {forced && (
        <Alert severity="warning" data-testid="password-expired-notice">
          {t('users.dialog.expired_notice')}
        </Alert>
      )}
      {fields.username && (
        <TextField
          label={t('users.fields.username')}
          value={form.username}
          onChange={(event) => set('username', event.target.value)}
          autoComplete="off"
          required
          autoFocus
          {...fieldError('username')}
          slotProps={{ htmlInput: { 'data-testid': 'user-username', maxLength: 64 } }}
        />
      )}
      {fields.role && (
        <TextField
          select
          label={t('users.fields.role')}
          value={form.role_id}
          onChange={(event) => {
            const role = Number(event.target.value) as RoleId;
            setForm((f) => ({ ...f, role_id: role, page_access: withinRole(f.page_access, role) }));
          }}
          required
          {...fieldError('role_id')}
          slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'user-role' } as object } }}
        >
          {roleOptions.map((role) => (
            <MenuItem key={role} value={role} data-testid={`role-option-${role}`}>
              {t(ROLE_KEYS[role])}
            </MenuItem>
          ))}
        </TextField>
      )}
      {fields.oldPassword && (
        <TextField
          label={t('users.fields.current_password')}
          type="password"
          value={form.old_password}
          onChange={(event) => set('old_password', event.target.value)}
          autoComplete="current-password"
          required
          autoFocus
          {...fieldError('old_password')}
          slotProps={{ htmlInput: { 'data-testid': 'user-old-password' } }}
        />
      )}
      {fields.password && (
        <>
          <TextField
            label={mode === 'create' ? t('users.fields.password') : t('users.fields.new_password')}
            type="password"
            value={form.password}
            onChange={(event) => set('password', event.target.value)}
            autoComplete="new-password"
            required
            autoFocus={mode === 'reset' && !self}
            error={Boolean(errors.password)}
            helperText={errors.password ? translateRule(t, errors.password) : t('users.dialog.password_hint')}
            slotProps={{ htmlInput: { 'data-testid': 'user-password' } }}
          />
          <TextField
            label={t('users.fields.confirm_password')}
            type="password"
            value={form.confirm}
            onChange={(event) => set('confirm', event.target.value)}
            autoComplete="new-password"
            required
            {...fieldError('confirm')}
            slotProps={{ htmlInput: { 'data-testid': 'user-confirm-password' } }}
          />
        </>
      )}
      {fields.requireChange && (
        <FormControlLabel
          control={
            <Checkbox
              checked={form.require_change}
              onChange={(event) => set('require_change', event.target.checked)}
              slotProps={{ input: { 'data-testid': 'user-require-change' } as object }}
            />
          }
          label={t('users.fields.require_change')}
        />
      )}
      {fields.languages && (
        <TextField
          select
          label={t('users.fields.languages')}
          value={form.languages}
          onChange={(event) => set('languages', event.target.value as unknown as Language[])}
          helperText={t('users.dialog.languages_hint')}
          slotProps={{
            select: {
              multiple: true,
              renderValue: (selected) => (selected as Language[]).map((l) => t(`languages.${l}`)).join(', '),
              SelectDisplayProps: { 'data-testid': 'user-languages' } as object,
            },
          }}
        >
          {LANGUAGES.map((language) => (
            <MenuItem key={language} value={language} data-testid={`user-language-option-${language}`}>
              <Checkbox checked={form.languages.includes(language)} size="small" sx={{ p: 0, mr: 1 }} />
              <ListItemText primary={t(`languages.${language}`)} />
            </MenuItem>
          ))}
        </TextField>
      )}
      {fields.pageAccess && (
        <TextField
          select
          label={t('users.fields.page_access')}
          value={form.page_access}
          disabled={form.role_id === ''}
          onChange={(event) => set('page_access', event.target.value as unknown as PagePath[])}
          helperText={
            form.role_id === '' ? t('users.dialog.page_access_pick_role') : t('users.dialog.page_access_hint')
          }
          slotProps={{
            select: {
              multiple: true,
              renderValue: (selected) =>
                (selected as PagePath[]).map((page) => t(`nav.${segmentOf(page)}`)).join(', '),
              SelectDisplayProps: { 'data-testid': 'user-page-access' } as object,
            },
          }}
        >
          {pageOptions.map((page) => (
            <MenuItem key={page} value={page} data-testid={`page-option-${segmentOf(page)}`}>
              <Checkbox checked={form.page_access.includes(page)} size="small" sx={{ p: 0, mr: 1 }} />
              <ListItemText primary={t(`nav.${segmentOf(page)}`)} />
            </MenuItem>
          ))}
        </TextField>
      )}
      {mode === 'reset' && self && !forced && (
        <Typography variant="body2" color="text.secondary">
          {t('users.dialog.own_password_signout')}
        </Typography>
      )}
    </FormDialog>
  );
}
