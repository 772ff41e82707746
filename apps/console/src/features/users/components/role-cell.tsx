import { useState } from 'react';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import { ROLE_IDS, type RoleId, type User } from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';
import { notify } from '@/shared/ui/snackbar/snackbar-store';
import { useUpdateUser } from '../api/update-user';
import { ROLE_KEYS } from '@/shared/lib/role-keys';

/** The role, editable in place. Shows the choice at once and reverts if the call fails. */
export function RoleCell({ user, deviceId }: { user: User; deviceId: number | undefined }) {
  const { t } = useTranslation();
  const updateUser = useUpdateUser();
  const [pending, setPending] = useState<RoleId | null>(null);
  const value = pending ?? user.role_id;

  const change = async (role: RoleId) => {
    if (role === value) return;
    setPending(role);
    await notify.run(
      () => updateUser.mutateAsync({ device_id: deviceId, user_id: user.user_id, role_id: role }),
      {
        loading: t('common.updating'),
        success: t('users.role_changed', { username: user.username, role: t(ROLE_KEYS[role]) }),
      },
    );
    // Success: the refetched row carries the new role. Failure: back to the saved one.
    setPending(null);
  };

  return (
    <Select
      size="small"
      value={value}
      onChange={(event) => void change(Number(event.target.value) as RoleId)}
      disabled={pending !== null}
      inputProps={{ 'aria-label': t('users.role_of', { username: user.username }) }}
      sx={{ minWidth: 130 }}
      data-testid={`role-select-${user.username}`}
    >
      {ROLE_IDS.map((role) => (
        <MenuItem key={role} value={role} data-testid={`role-option-${role}`}>
          {t(ROLE_KEYS[role])}
        </MenuItem>
      ))}
    </Select>
  );
}
