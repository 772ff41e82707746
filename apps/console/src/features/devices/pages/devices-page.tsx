import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import ArchiveOutlined from '@mui/icons-material/ArchiveOutlined';
import DeleteForeverOutlined from '@mui/icons-material/DeleteForeverOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import UnarchiveOutlined from '@mui/icons-material/UnarchiveOutlined';
import KeyOffOutlined from '@mui/icons-material/KeyOffOutlined';
import PinOutlined from '@mui/icons-material/PinOutlined';
import VpnKeyOutlined from '@mui/icons-material/VpnKeyOutlined';
import type { DeviceWithKey, ManagedDevice } from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/shared/api/api-error';
import { DataTable, type Column } from '@/shared/ui/data-table';
import { PageHeader } from '@/shared/ui/page-header';
import { RowAction } from '@/shared/ui/row-action';
import { notify } from '@/shared/ui/snackbar/snackbar-store';
import { useManagedDevices } from '../api/get-managed-devices';
import { useRevokeDeviceKey } from '../api/revoke-device-key';
import { useArchiveDevice, useDeleteDevice, useRestoreDevice } from '../api/retire-device';
import { useRotateDeviceKey } from '../api/rotate-device-key';
import { ArchivedCell, KeyCell, KindChip, LanguageChips, LastSeenCell } from '../components/device-cells';
import { ConfirmKeyDialog } from '../dialogs/confirm-key-dialog';
import { DeleteDeviceDialog } from '../dialogs/delete-device-dialog';
import { DeviceDialog } from '../dialogs/device-dialog';
import type { DeviceDialogMode } from '../dialogs/device-form';
import { DeviceKeyDialog } from '../dialogs/device-key-dialog';
import { StaffPinDialog } from '../dialogs/staff-pin-dialog';

type DialogState = { key: number; open: boolean; mode: DeviceDialogMode; device?: ManagedDevice };
type ConfirmAction = 'rotate' | 'revoke' | 'archive' | 'restore';
type ConfirmState = { open: boolean; action: ConfirmAction; device: ManagedDevice | null };
type DeleteState = { key: number; open: boolean; device: ManagedDevice | null };
type ShownKey = { key: number; open: boolean; name: string; deviceKey: string };

/** A project has a handful of devices: one page holds them all. */
const MIN_PAGE_SIZE = 10;

/**
 * Admin Settings → Devices (/setting/devices): devices, their languages and their keys; below,
 * archived devices, to restore or delete for good.
 */
export function DevicesPage() {
  const { t } = useTranslation();
  const devices = useManagedDevices();
  const rotateKey = useRotateDeviceKey();
  const revokeKey = useRevokeDeviceKey();
  const archive = useArchiveDevice();
  const restore = useRestoreDevice();
  const remove = useDeleteDevice();
  const [deleting, setDeleting] = useState<DeleteState>({ key: 0, open: false, device: null });
  const [dialog, setDialog] = useState<DialogState>({ key: 0, open: false, mode: 'create' });
  const [confirm, setConfirm] = useState<ConfirmState>({ open: false, action: 'rotate', device: null });
  const [shownKey, setShownKey] = useState<ShownKey | null>(null);
  const [pinFor, setPinFor] = useState<ManagedDevice | null>(null);

  const rows = devices.data?.filter((d) => d.archived_at === null);
  const archivedRows = devices.data?.filter((d) => d.archived_at !== null) ?? [];
  const total = rows?.length ?? 0;

  const openDialog = (mode: DeviceDialogMode, device?: ManagedDevice) =>
    setDialog((d) => ({ key: d.key + 1, open: true, mode, ...(device && { device }) }));
  const closeDialog = () => setDialog((d) => ({ ...d, open: false }));

  const showKey = ({ device, device_key }: DeviceWithKey) =>
    setShownKey((s) => ({
      key: (s?.key ?? 0) + 1,
      open: true,
      name: device.description,
      deviceKey: device_key,
    }));

  const created = (result: DeviceWithKey) => {
    closeDialog();
    showKey(result);
  };

  const ask = (action: ConfirmAction, device: ManagedDevice) => setConfirm({ open: true, action, device });
  // The texts stay while the dialog fades out.
  const closeConfirm = () => setConfirm((c) => ({ ...c, open: false }));

  const runConfirmed = async () => {
    const { action, device } = confirm;
    if (!device) return;
    const name = device.description;
    if (action === 'rotate') {
      const result = await notify.run(() => rotateKey.mutateAsync(device.id), {
        loading: t('devices.rotating'),
        success: t('devices.rotated', { name }),
      });
      if (result.ok) {
        closeConfirm();
        showKey(result.data);
      }
      return;
    }
    const run =
      action === 'revoke'
        ? { call: revokeKey, loading: t('devices.revoking'), success: t('devices.revoked', { name }) }
        : action === 'archive'
          ? { call: archive, loading: t('devices.archiving'), success: t('devices.archived', { name }) }
          : { call: restore, loading: t('devices.restoring'), success: t('devices.restored', { name }) };
    const result = await notify.run(() => run.call.mutateAsync(device.id), {
      loading: run.loading,
      success: run.success,
    });
    if (result.ok) closeConfirm();
  };

  const openDelete = (device: ManagedDevice) => setDeleting((d) => ({ key: d.key + 1, open: true, device }));
  const closeDelete = () => setDeleting((d) => ({ ...d, open: false }));
  const runDelete = async (confirmName: string) => {
    const device = deleting.device;
    if (!device) return;
    const result = await notify.run(() => remove.mutateAsync({ id: device.id, confirm_name: confirmName }), {
      loading: t('devices.deleting'),
      success: (deleted) => t('devices.deleted', { name: deleted.description, ...deleted.removed }),
    });
    if (result.ok) closeDelete();
  };

  const confirmDevice = confirm.device;
  const hasKey = Boolean(confirmDevice?.key_prefix);
  const confirmText =
    confirm.action === 'archive' || confirm.action === 'restore'
      ? {
          title: t(`devices.${confirm.action}_confirm.title`, { name: confirmDevice?.description }),
          body: t(`devices.${confirm.action}_confirm.body`),
          label: t(`devices.actions.${confirm.action}`),
        }
      : confirm.action === 'revoke'
        ? {
            title: t('devices.revoke_confirm.title', { name: confirmDevice?.description }),
            body: t('devices.revoke_confirm.body'),
            label: t('devices.actions.revoke'),
          }
        : hasKey
          ? {
              title: t('devices.rotate_confirm.title', { name: confirmDevice?.description }),
              body: t('devices.rotate_confirm.body'),
              label: t('devices.actions.rotate'),
            }
          : {
              title: t('devices.new_key_confirm.title', { name: confirmDevice?.description }),
              body: t('devices.new_key_confirm.body'),
              label: t('devices.actions.new_key'),
            };

  const columns: Column<ManagedDevice>[] = [
    {
      id: 'name',
      header: t('devices.columns.name'),
      render: (device) => (
        <Typography sx={{ fontWeight: 500, wordBreak: 'break-word' }}>{device.description}</Typography>
      ),
    },
    {
      id: 'kind',
      header: t('devices.columns.kind'),
      width: 130,
      render: (device) => <KindChip device={device} />,
    },
    {
      id: 'languages',
      header: t('devices.columns.languages'),
      render: (device) => <LanguageChips device={device} />,
    },
    {
      id: 'key',
      header: t('devices.columns.key'),
      width: 200,
      render: (device) => <KeyCell device={device} />,
    },
    {
      id: 'last_seen',
      header: t('devices.columns.last_seen'),
      width: 150,
      render: (device) => <LastSeenCell device={device} />,
    },
    {
      id: 'actions',
      header: t('devices.columns.actions'),
      align: 'right',
      width: 190,
      render: (device) => (
        <Box sx={{ whiteSpace: 'nowrap' }}>
          <RowAction
            label={t('devices.actions.edit')}
            item={device.description}
            icon={<EditOutlined fontSize="small" />}
            onClick={() => openDialog('edit', device)}
            testId={`edit-device-${device.id}`}
          />
          <RowAction
            label={device.key_prefix ? t('devices.actions.rotate') : t('devices.actions.new_key')}
            item={device.description}
            icon={<VpnKeyOutlined fontSize="small" />}
            onClick={() => ask('rotate', device)}
            testId={`rotate-key-${device.id}`}
          />
          <RowAction
            label={t('devices.actions.revoke')}
            item={device.description}
            icon={<KeyOffOutlined fontSize="small" />}
            onClick={() => ask('revoke', device)}
            disabledReason={device.key_prefix ? undefined : t('devices.actions.no_key')}
            testId={`revoke-key-${device.id}`}
          />
          <RowAction
            label={t('devices.staff_pin.action')}
            item={device.description}
            icon={<PinOutlined fontSize="small" />}
            onClick={() => setPinFor(device)}
            testId={`staff-pin-${device.id}`}
          />
          <RowAction
            label={t('devices.actions.archive')}
            item={device.description}
            icon={<ArchiveOutlined fontSize="small" />}
            onClick={() => ask('archive', device)}
            testId={`archive-device-${device.id}`}
          />
        </Box>
      ),
    },
  ];

  const archivedColumns: Column<ManagedDevice>[] = [
    columns[0]!,
    columns[1]!,
    {
      id: 'archived',
      header: t('devices.columns.archived'),
      width: 150,
      render: (device) => <ArchivedCell device={device} />,
    },
    {
      id: 'actions',
      header: t('devices.columns.actions'),
      align: 'right',
      width: 150,
      render: (device) => (
        <Box sx={{ whiteSpace: 'nowrap' }}>
          <RowAction
            label={t('devices.actions.restore')}
            item={device.description}
            icon={<UnarchiveOutlined fontSize="small" />}
            onClick={() => ask('restore', device)}
            testId={`restore-device-${device.id}`}
          />
          <RowAction
            label={t('devices.actions.delete')}
            item={device.description}
            icon={<DeleteForeverOutlined fontSize="small" />}
            onClick={() => openDelete(device)}
            testId={`delete-device-${device.id}`}
          />
        </Box>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('screens.setting_devices')}
        breadcrumbs={[{ label: t('nav.setting'), to: '/setting' }, { label: t('screens.setting_devices') }]}
        actions={
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => openDialog('create')}
            data-testid="add-device"
          >
            {t('devices.add')}
          </Button>
        }
      />
      <DataTable
        ariaLabel={t('screens.setting_devices')}
        testId="devices-table"
        columns={columns}
        rows={rows}
        rowKey={(device) => device.id}
        rowTestId={(device) => `device-row-${device.id}`}
        total={total}
        page={0}
        pageSize={Math.max(MIN_PAGE_SIZE, total)}
        onPageChange={() => undefined}
        loading={devices.isFetching}
        error={devices.isError ? errorMessage(devices.error, t('errors.unknown')) : null}
        onRetry={() => void devices.refetch()}
        emptyText={t('devices.empty')}
      />
      {archivedRows.length > 0 && (
        <Box sx={{ mt: 4 }} data-testid="archived-devices">
          <Typography component="h2" variant="h6" sx={{ mb: 0.5 }}>
            {t('devices.archived_title')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            {t('devices.archived_hint')}
          </Typography>
          <DataTable
            ariaLabel={t('devices.archived_title')}
            testId="archived-devices-table"
            columns={archivedColumns}
            rows={archivedRows}
            rowKey={(device) => device.id}
            rowTestId={(device) => `archived-row-${device.id}`}
            total={archivedRows.length}
            page={0}
            pageSize={Math.max(MIN_PAGE_SIZE, archivedRows.length)}
            onPageChange={() => undefined}
            loading={false}
            error={null}
            onRetry={() => undefined}
            emptyText=""
          />
        </Box>
      )}
      <DeleteDeviceDialog
        key={`delete-${deleting.key}`}
        device={deleting.device}
        open={deleting.open}
        onCancel={closeDelete}
        onConfirm={runDelete}
      />
      <DeviceDialog
        key={`device-${dialog.key}`}
        open={dialog.open}
        mode={dialog.mode}
        {...(dialog.device && { device: dialog.device })}
        onClose={closeDialog}
        onCreated={created}
      />
      <ConfirmKeyDialog
        open={confirm.open}
        title={confirmText.title}
        body={confirmText.body}
        confirmLabel={confirmText.label}
        color={confirm.action === 'revoke' || confirm.action === 'archive' ? 'error' : 'primary'}
        onCancel={closeConfirm}
        onConfirm={runConfirmed}
      />
      {pinFor && <StaffPinDialog key={pinFor.id} device={pinFor} onClose={() => setPinFor(null)} />}
      {shownKey && (
        <DeviceKeyDialog
          key={`key-${shownKey.key}`}
          open={shownKey.open}
          name={shownKey.name}
          deviceKey={shownKey.deviceKey}
          onClose={() => setShownKey((s) => s && { ...s, open: false })}
          // Once it has faded out, the key leaves memory.
          onExited={() => setShownKey((s) => (s && !s.open ? null : s))}
        />
      )}
    </>
  );
}
