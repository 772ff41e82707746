import { useEffect, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import AccessTimeIcon from '@mui/icons-material/AccessTime';
import HistoryIcon from '@mui/icons-material/History';
import NotificationsActiveOutlined from '@mui/icons-material/NotificationsActiveOutlined';
import { LIVE_EVENT, type Call } from '@ambassador/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/shared/api/api-error';
import { useAuth } from '@/shared/auth/auth-store';
import { useLiveEvent } from '@/shared/realtime/live-socket';
import { PageHeader } from '@/shared/ui/page-header';
import { callsKeys } from '../api/calls-keys';
import { useLiveCalls } from '../api/get-calls';
import { CallList } from '../components/call-list';
import { CallPanel } from '../components/call-panel';
import { LiveStatusChip } from '../components/live-status-chip';
import { CallHistoryDialog } from '../dialogs/call-history-dialog';
import { NotificationDialog } from '../dialogs/notification-dialog';
import { OfflineHoursDialog } from '../dialogs/offline-hours-dialog';
import { incomingCallStore, useIncomingCall } from '../lib/incoming-call-store';
import { isInCall, useOperatorCall } from '../lib/use-operator-call';

type DialogName = 'history' | 'offline' | 'notification';

/** /live_video: the project's calls on the left, the selected call (`?call=`) on the right. */
export function LiveVideoPage() {
  const { t } = useTranslation();
  const auth = useAuth();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const selectedId = params.get('call');
  const calls = useLiveCalls();
  const operator = useOperatorCall();
  const { shown } = useIncomingCall();
  // The last dialog opened stays mounted while it fades out; a new opening starts it afresh.
  const [dialog, setDialog] = useState<{ name: DialogName | null; open: boolean; key: number }>({
    name: null,
    open: false,
    key: 0,
  });
  // A call chosen in the history that is older than the live list.
  const [picked, setPicked] = useState<Call | null>(null);

  const refresh = () => void queryClient.invalidateQueries({ queryKey: callsKeys.lists() });
  useLiveEvent(LIVE_EVENT.newCall, refresh);
  useLiveEvent(LIVE_EVENT.refreshCall, refresh);

  // The banner resets on its own when the selected call is its call.
  const bannerId = shown?.real_session_id;
  useEffect(() => {
    if (selectedId && bannerId === selectedId) incomingCallStore.reset(selectedId);
  }, [selectedId, bannerId]);

  const rows = calls.data?.rows;
  const selected =
    rows?.find((call) => call.real_session_id === selectedId) ??
    (picked?.real_session_id === selectedId ? picked : undefined);

  const select = (call: Call) => setParams({ call: call.real_session_id });
  const answer = (call: Call) => {
    select(call);
    void operator.answer(call);
  };

  const deviceId = auth.selected_device;
  const deviceName = auth.device_list.find((d) => d.id === deviceId)?.description ?? '';
  const open = (name: DialogName) => setDialog((d) => ({ name, open: true, key: d.key + 1 }));
  const close = () => setDialog((d) => ({ ...d, open: false }));
  const inCall = isInCall(operator.active);
  const answering = operator.active?.phase === 'answering' ? operator.active.realSessionId : null;

  const deviceButton = (name: DialogName, label: string, icon: ReactNode, testId: string) => (
    <Tooltip title={deviceId === null ? t('calls.actions.no_device') : ''}>
      <span>
        <Button
          variant="outlined"
          startIcon={icon}
          onClick={() => open(name)}
          disabled={deviceId === null}
          data-testid={testId}
        >
          {label}
        </Button>
      </span>
    </Tooltip>
  );

  return (
    <>
      <PageHeader
        title={t('screens.live_video')}
        actions={
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <LiveStatusChip />
            <Button
              variant="outlined"
              startIcon={<HistoryIcon />}
              onClick={() => open('history')}
              data-testid="call-history-open"
            >
              {t('calls.actions.history')}
            </Button>
            {deviceButton(
              'offline',
              t('calls.actions.offline_hours'),
              <AccessTimeIcon />,
              'offline-hours-open',
            )}
            {deviceButton(
              'notification',
              t('calls.actions.notification'),
              <NotificationsActiveOutlined />,
              'notification-settings-open',
            )}
          </Box>
        }
      />
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: 'minmax(280px, 360px) 1fr' },
          alignItems: 'start',
        }}
      >
        <CallList
          calls={rows}
          loading={calls.isFetching}
          error={calls.error ? errorMessage(calls.error, '') : null}
          onRetry={() => void calls.refetch()}
          selectedId={selectedId}
          onSelect={select}
          onAnswer={answer}
          answerDisabledReason={inCall && !answering ? t('calls.panel.busy') : null}
          answeringId={answering}
        />
        <CallPanel
          call={selected}
          selectedId={selectedId}
          listLoading={calls.isLoading}
          active={operator.active}
          username={auth.user_info?.username ?? ''}
          onAnswer={answer}
          onHangUp={() => void operator.hangUp()}
          onEndElsewhere={(call) => void operator.endElsewhere(call)}
        />
      </Box>
      {dialog.name === 'history' && (
        <CallHistoryDialog
          key={dialog.key}
          open={dialog.open}
          onClose={close}
          onShow={(call) => {
            setPicked(call);
            select(call);
            close();
          }}
        />
      )}
      {dialog.name === 'offline' && deviceId !== null && (
        <OfflineHoursDialog
          key={dialog.key}
          open={dialog.open}
          deviceId={deviceId}
          deviceName={deviceName}
          onClose={close}
        />
      )}
      {dialog.name === 'notification' && deviceId !== null && (
        <NotificationDialog
          key={dialog.key}
          open={dialog.open}
          deviceId={deviceId}
          deviceName={deviceName}
          onClose={close}
        />
      )}
    </>
  );
}
