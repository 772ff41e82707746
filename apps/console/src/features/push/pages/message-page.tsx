import Typography from '@mui/material/Typography';
import { LIVE_EVENT } from '@ambassador/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLiveEvent, useLiveStatus } from '@/shared/realtime/live-socket';
import { PageHeader } from '@/shared/ui/page-header';
import { usePaging } from '@/shared/ui/use-paging';
import { usePushes } from '../api/get-pushes';
import { pushKeys } from '../api/push-keys';
import { PushComposeCard } from '../components/push-compose-card';
import { PushHistory } from '../components/push-history';

/** Push Message (/message): compose a message for chosen devices, and see how each delivery went. */
export function MessagePage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const live = useLiveStatus();
  const paging = usePaging();
  // The socket says when a delivery changes; without it, the page looks again while any is pending.
  const list = usePushes({ limit: paging.limit, offset: paging.offset }, !live.connected);

  useLiveEvent(LIVE_EVENT.refreshPush, () => {
    void queryClient.invalidateQueries({ queryKey: pushKeys.lists() });
  });

  return (
    <>
      <PageHeader title={t('screens.message')} />
      <PushComposeCard onPushed={() => paging.setPage(0)} />
      <Typography variant="h2" component="h2" sx={{ fontSize: 18, fontWeight: 600, mb: 1.5 }}>
        {t('push.history.title')}
      </Typography>
      <PushHistory
        data={list.data}
        loading={list.isFetching}
        error={list.error}
        onRetry={() => void list.refetch()}
        page={paging.page}
        pageSize={paging.pageSize}
        onPageChange={paging.setPage}
      />
    </>
  );
}
