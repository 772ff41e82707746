import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import AddIcon from '@mui/icons-material/Add';
import type { Avatar } from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorMessage } from '@/shared/api/api-error';
import { useAuth } from '@/shared/auth/auth-store';
import { DeleteDialog, useDeleteDialog } from '@/shared/ui/delete-dialog';
import { PageHeader } from '@/shared/ui/page-header';
import { notify } from '@/shared/ui/snackbar/snackbar-store';
import { useAvatars, useCreateAvatar, useDeleteAvatar, useUpdateAvatar } from '../api/avatars';
import { useAvatarType } from '../api/avatar-type';
import { AvatarCard } from '../components/avatar-card';
import { CreateAvatarDialog } from '../dialogs/create-avatar-dialog';
import { MotionBrowserDialog } from '../dialogs/motion-browser-dialog';
import { RenameAvatarDialog } from '../dialogs/rename-avatar-dialog';

/**
 * Virtual Avatar (/interface/avatar): the selected device's avatars. Create one from a photo,
 * watch it being made, put one in use (the switch flips once the server agreed, else stays),
 * rename, browse its motions, delete. A list that cannot load sends the operator back to
 * /interface.
 */
export function AvatarPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const auth = useAuth();
  const deviceId = auth.selected_device;
  const device = auth.device_list.find((d) => d.id === deviceId);
  const avatars = useAvatars(deviceId);
  const type = useAvatarType(deviceId);
  const create = useCreateAvatar();
  const update = useUpdateAvatar();
  const remove = useDeleteAvatar();
  const confirmDelete = useDeleteDialog();
  const [creating, setCreating] = useState(false);
  const [renaming, setRenaming] = useState<Avatar | null>(null);
  const [browsing, setBrowsing] = useState<Avatar | null>(null);
  const [pending, setPending] = useState<{ id: number; next: boolean } | null>(null);

  useEffect(() => {
    if (!avatars.isError) return;
    notify.error(errorMessage(avatars.error, t('interface.avatars.load_failed')));
    void navigate('/interface');
  }, [avatars.isError, avatars.error, navigate, t]);

  if (deviceId === null) {
    return (
      <>
        <PageHeader title={t('screens.interface_avatar')} />
        <Alert severity="info">{t('interface.avatars.no_device')}</Alert>
      </>
    );
  }

  const setInUse = async (avatar: Avatar, next: boolean) => {
    setPending({ id: avatar.id, next });
    await notify.run(
      () => update.mutateAsync({ device_id: deviceId, avatar_id: avatar.id, is_in_use: next }),
      {
        loading: t('common.updating'),
        success: next
          ? t('interface.avatars.now_in_use', { name: avatar.name })
          : t('interface.avatars.not_in_use', { name: avatar.name }),
      },
    );
    setPending(null);
  };

  return (
    <Box data-testid="avatar-page">
      <PageHeader
        title={t('screens.interface_avatar')}
        actions={
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => setCreating(true)}
            data-testid="avatar-create"
          >
            {t('interface.avatars.create')}
          </Button>
        }
      />
      {device && (
        <Box sx={{ mt: -2, mb: 1, color: 'text.secondary', fontSize: 14 }}>
          {t('interface.avatars.device', { device: device.description })}
        </Box>
      )}
      <Box sx={{ mb: 2, color: 'text.secondary', fontSize: 14 }}>{t('interface.avatars.intro')}</Box>
      {avatars.data?.length === 0 && <Alert severity="info">{t('interface.avatars.empty')}</Alert>}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))',
        }}
        data-testid="avatar-list"
      >
        {avatars.data
          ? avatars.data.map((avatar) => (
              <AvatarCard
                key={avatar.id}
                avatar={avatar}
                pending={pending?.id === avatar.id ? pending.next : null}
                onInUse={(next) => void setInUse(avatar, next)}
                onRename={() => setRenaming(avatar)}
                onMotions={() => setBrowsing(avatar)}
                onDelete={() =>
                  confirmDelete.ask({
                    type: 'avatar',
                    item: avatar.name,
                    run: async () =>
                      (
                        await notify.run(
                          () => remove.mutateAsync({ device_id: deviceId, avatar_id: avatar.id }),
                          {
                            loading: t('common.deleting'),
                            success: t('interface.avatars.deleted'),
                          },
                        )
                      ).ok,
                  })
                }
              />
            ))
          : [0, 1, 2].map((i) => <Skeleton key={i} variant="rounded" height={360} />)}
      </Box>
      {creating && (
        <CreateAvatarDialog
          deviceId={deviceId}
          productionSeconds={type.data?.production_seconds}
          onClose={() => setCreating(false)}
          onSubmit={async (imageId, name) =>
            (
              await notify.run(() => create.mutateAsync({ device_id: deviceId, image_id: imageId, name }), {
                loading: t('interface.avatars.creating'),
                success: t('interface.avatars.created'),
              })
            ).ok
          }
        />
      )}
      {renaming && (
        <RenameAvatarDialog
          avatar={renaming}
          onClose={() => setRenaming(null)}
          onSave={async (name) =>
            (
              await notify.run(
                () => update.mutateAsync({ device_id: deviceId, avatar_id: renaming.id, name }),
                {
                  loading: t('common.updating'),
                  success: t('interface.avatars.renamed'),
                },
              )
            ).ok
          }
        />
      )}
      {browsing && (
        <MotionBrowserDialog deviceId={deviceId} avatar={browsing} onClose={() => setBrowsing(null)} />
      )}
      <DeleteDialog {...confirmDelete.dialogProps} />
    </Box>
  );
}
