import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import LockResetOutlined from '@mui/icons-material/LockResetOutlined';
import { MAX_PAGE_SIZE, type User } from '@ambassador/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/shared/api/api-error';
import { useAuth } from '@/shared/auth/auth-store';
import { formatDateTime } from '@/shared/lib/format-date';
import { useAddressParam } from '@/shared/lib/use-address-param';
import { useBulkDeleteBar } from '@/shared/ui/bulk-delete-bar';
import { DataTable, type Column } from '@/shared/ui/data-table';
import { DeleteDialog, useDeleteDialog } from '@/shared/ui/delete-dialog';
import { PageHeader } from '@/shared/ui/page-header';
import { RowAction } from '@/shared/ui/row-action';
import { notify } from '@/shared/ui/snackbar/snackbar-store';
import { usePaging } from '@/shared/ui/use-paging';
import { useBulkDeleteUsers, useDeleteUser, useRefreshUsers } from '../api/delete-user';
import { usersQueryOptions, useUsers } from '../api/get-users';
import { RoleCell } from '../components/role-cell';
import { UserDialog } from '../dialogs/user-dialog';
import type { UserDialogMode } from '../dialogs/user-form';

type DialogState = { key: number; open: boolean; mode: UserDialogMode; user?: User };

/** Admin Settings → User Settings (/setting/users). */
export function UsersPage() {
  const { t, i18n } = useTranslation();
  const auth = useAuth();
  const deviceId = auth.selected_device ?? undefined;
  const paging = usePaging();
  const users = useUsers({ limit: paging.limit, offset: paging.offset });
  const deleteUser = useDeleteUser();
  const confirmDelete = useDeleteDialog();
  const [dialog, setDialog] = useState<DialogState>({ key: 0, open: false, mode: 'create' });

  const total = users.data?.total ?? 0;
  const removeMany = useBulkDeleteUsers();
  const refresh = useRefreshUsers();
  // One's own account cannot be deleted: it cannot be picked (and stays when "all" takes it).
  const me = auth.user_info?.user_id;
  const pickable = (user: User) => user.user_id !== me;
  const bulk = useBulkDeleteBar({
    type: 'user',
    scope: 'users',
    filter: {},
    total,
    pageKeys: (users.data?.users ?? []).filter(pickable).map((user) => user.user_id),
    confirmDelete,
    remove: removeMany.mutateAsync,
    said: (count) => t('users.bulk.deleted', { count }),
    kept: (count) => t('users.bulk.skipped', { count }),
    refresh,
    // A single delete cannot be undone; many at once can (sessions are not put back).
    undoable: true,
    testId: 'users-bulk',
  });
  // After deleting the last row of the last page, step back to a page that exists.
  const lastPage = Math.max(0, Math.ceil(total / paging.pageSize) - 1);
  if (users.data && !users.isPlaceholderData && paging.page > lastPage) paging.setPage(lastPage);

  const openDialog = (mode: UserDialogMode, user?: User) =>
    setDialog((d) => ({ key: d.key + 1, open: true, mode, ...(user && { user }) }));

  // Opened with `?open=<id>` (from search everywhere): that user's editor, once the list has it.
  const [asked, consumeAsked] = useAddressParam('open');
  const queryClient = useQueryClient();
  useEffect(() => {
    if (asked === null) return;
    consumeAsked();
    // Read from the largest page the API gives, not the one shown: the user may be on any page.
    void queryClient
      .fetchQuery(usersQueryOptions({ limit: MAX_PAGE_SIZE, offset: 0 }))
      .then(({ users: all }) => {
        const user = all.find((u) => String(u.user_id) === asked);
        if (user) setDialog((d) => ({ key: d.key + 1, open: true, mode: 'edit', user }));
        else notify.error(t('users.not_found'));
      })
      .catch((error: unknown) => notify.error(errorMessage(error, t('errors.unknown'))));
  }, [asked, consumeAsked, queryClient, t]);

  const askDelete = (user: User) =>
    confirmDelete.ask({
      type: 'user',
      item: user.username,
      run: async () => {
        const result = await notify.run(
          () => deleteUser.mutateAsync({ device_id: deviceId, user_id: user.user_id }),
          { loading: t('common.deleting'), success: t('users.deleted', { username: user.username }) },
        );
        return result.ok;
      },
    });

  const columns: Column<User>[] = [
    {
      id: 'username',
      header: t('users.columns.username'),
      render: (user) => (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography sx={{ fontWeight: 500 }}>{user.username}</Typography>
          {user.user_id === auth.user_info?.user_id && <Chip size="small" label={t('users.you')} />}
          {user.is_password_expired && (
            <Chip size="small" color="warning" variant="outlined" label={t('users.must_change_password')} />
          )}
        </Box>
      ),
    },
    {
      id: 'role',
      header: t('users.columns.role'),
      width: 170,
      render: (user) => <RoleCell key={`${user.user_id}-${user.role_id}`} user={user} deviceId={deviceId} />,
    },
    {
      id: 'created',
      header: t('users.columns.created'),
      width: 200,
      render: (user) => (
        <Typography variant="body2" color="text.secondary">
          {formatDateTime(user.created_at, i18n.resolvedLanguage ?? 'en')}
        </Typography>
      ),
    },
    {
      id: 'actions',
      header: t('users.columns.actions'),
      align: 'right',
      width: 150,
      render: (user) => (
        <Box sx={{ whiteSpace: 'nowrap' }}>
          <RowAction
            label={t('users.edit')}
            item={user.username}
            icon={<EditOutlined fontSize="small" />}
            onClick={() => openDialog('edit', user)}
            testId={`edit-user-${user.username}`}
          />
          <RowAction
            label={t('users.reset_password')}
            item={user.username}
            icon={<LockResetOutlined fontSize="small" />}
            onClick={() => openDialog('reset', user)}
            testId={`reset-password-${user.username}`}
          />
          <RowAction
            label={t('common.delete')}
            item={user.username}
            icon={<DeleteOutlined fontSize="small" />}
            onClick={() => askDelete(user)}
            disabledReason={
              user.user_id === auth.user_info?.user_id ? t('errors.codes.self_delete') : undefined
            }
            testId={`delete-user-${user.username}`}
          />
        </Box>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('screens.setting_users')}
        breadcrumbs={[{ label: t('nav.setting'), to: '/setting' }, { label: t('screens.setting_users') }]}
        actions={
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => openDialog('create')}
            data-testid="add-user"
          >
            {t('users.add')}
          </Button>
        }
      />
      {bulk.bar}
      <DataTable
        ariaLabel={t('screens.setting_users')}
        testId="users-table"
        columns={columns}
        rows={users.data?.users}
        rowKey={(user) => user.user_id}
        rowTestId={(user) => `user-row-${user.username}`}
        selection={bulk.selection}
        selectable={pickable}
        rowLabel={(user) => user.username}
        total={total}
        page={paging.page}
        pageSize={paging.pageSize}
        onPageChange={paging.setPage}
        onPageSizeChange={paging.setPageSize}
        loading={users.isFetching}
        error={users.isError ? errorMessage(users.error, t('errors.unknown')) : null}
        onRetry={() => void users.refetch()}
        emptyText={t('users.empty')}
      />
      <UserDialog
        key={dialog.key}
        open={dialog.open}
        mode={dialog.mode}
        {...(dialog.user && { user: dialog.user })}
        onClose={() => setDialog((d) => ({ ...d, open: false }))}
      />
      <DeleteDialog {...confirmDelete.dialogProps} />
    </>
  );
}
