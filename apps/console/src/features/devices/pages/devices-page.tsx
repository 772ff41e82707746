import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import EditOutlined from '@mui/icons-material/EditOutlined';
import KeyOffOutlined from '@mui/icons-material/KeyOffOutlined';
import VpnKeyOutlined from '@mui/icons-material/VpnKeyOutlined';
import type { DeviceWithKey, ManagedDevice } from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../shared/api/api-error';
import { DataTable, type Column } from '../../../shared/ui/data-table';
import { PageHeader } from '../../../shared/ui/page-header';
import { RowAction } from '../../../shared/ui/row-action';
import { notify } from '../../../shared/ui/snackbar/snackbar-store';
import { useManagedDevices } from '../api/get-managed-devices';
import { useRevokeDeviceKey } from '../api/revoke-device-key';
import { useRotateDeviceKey } from '../api/rotate-device-key';
import { KeyCell, KindChip, LanguageChips, LastSeenCell } from '../components/device-cells';
import { ConfirmKeyDialog } from '../dialogs/confirm-key-dialog';
import { DeviceDialog } from '../dialogs/device-dialog';
import type { DeviceDialogMode } from '../dialogs/device-form';
import { DeviceKeyDialog } from '../dialogs/device-key-dialog';

type DialogState = { key: number; open: boolean; mode: DeviceDialogMode; device?: ManagedDevice };
type KeyAction = 'rotate' | 'revoke';
type ConfirmState = { open: boolean; action: KeyAction; device: ManagedDevice | null };
type ShownKey = { key: number; open: boolean; name: string; deviceKey: string };

/** A project has a handful of devices: one page holds them all. */
const MIN_PAGE_SIZE = 10;

/** Admin Settings → Devices (/setting/devices): devices, their languages and their keys. */
export function DevicesPage() {
  const { t } = useTranslation();
  const devices = useManagedDevices();
  const rotateKey = useRotateDeviceKey();
  const revokeKey = useRevokeDeviceKey();
  const [dialog, setDialog] = useState<DialogState>({ key: 0, open: false, mode: 'create' });
  const [confirm, setConfirm] = useState<ConfirmState>({ open: false, action: 'rotate', device: null });
  const [shownKey, setShownKey] = useState<ShownKey | null>(null);

  const rows = devices.data;
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

  const ask = (action: KeyAction, device: ManagedDevice) => setConfirm({ open: true, action, device });
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
    const result = await notify.run(() => revokeKey.mutateAsync(device.id), {
      loading: t('devices.revoking'),
      success: t('devices.revoked', { name }),
    });
    if (result.ok) closeConfirm();
  };

  const confirmDevice = confirm.device;
  const hasKey = Boolean(confirmDevice?.key_prefix);
  const confirmText =
    confirm.action === 'revoke'
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
      width: 150,
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
        color={confirm.action === 'revoke' ? 'error' : 'primary'}
        onCancel={closeConfirm}
        onConfirm={runConfirmed}
      />
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
