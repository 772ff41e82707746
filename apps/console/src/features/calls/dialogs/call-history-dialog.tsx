import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import SearchIcon from '@mui/icons-material/Search';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import { CALL_STATUSES, type Call, type CallStatus } from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/shared/api/api-error';
import { useAuth } from '@/shared/auth/auth-store';
import { formatDateTime } from '@/shared/lib/format-date';
import { useDebouncedValue } from '@/shared/lib/use-debounced-value';
import { DataTable, type Column } from '@/shared/ui/data-table';
import { RowAction } from '@/shared/ui/row-action';
import { usePaging } from '@/shared/ui/use-paging';
import type { CallsQuery } from '../api/calls-keys';
import { useCallHistory } from '../api/get-calls';
import { CallStatusChip } from '../components/call-status-chip';
import { formatDuration } from '../lib/call-format';

/** Searches wait for a 500 ms pause in typing. */
export const HISTORY_SEARCH_DEBOUNCE_MS = 500;
const SEARCH_MAX = 100;

/** The call history: time, device, status, operator, duration. */
export function CallHistoryDialog({
  open,
  onClose,
  onShow,
}: {
  open: boolean;
  onClose: () => void;
  /** Opens the call in the page's panel. */
  onShow: (call: Call) => void;
}) {
  const { t, i18n } = useTranslation();
  const { device_list } = useAuth();
  const [status, setStatus] = useState<CallStatus | ''>('');
  const [deviceId, setDeviceId] = useState<number | ''>('');
  const [searchInput, setSearchInput] = useState('');
  const search = useDebouncedValue(searchInput.trim(), HISTORY_SEARCH_DEBOUNCE_MS);
  const paging = usePaging();
  const { setPage } = paging;

  // A new filter starts from the first page; kept in state so it applies together with the filter.
  const [filterKey, setFilterKey] = useState(`${status}|${deviceId}|${search}`);
  const currentKey = `${status}|${deviceId}|${search}`;
  if (filterKey !== currentKey) {
    setFilterKey(currentKey);
    setPage(0);
  }

  const query: CallsQuery = {
    limit: paging.limit,
    offset: paging.offset,
    ...(status && { status }),
    ...(search && { search }),
    ...(deviceId !== '' && { device_id: deviceId }),
  };
  const history = useCallHistory(query, open);

  const columns: Column<Call>[] = [
    {
      id: 'time',
      header: t('calls.history.columns.time'),
      width: 190,
      render: (call) => formatDateTime(call.created_at, i18n.language),
    },
    {
      id: 'device',
      header: t('calls.history.columns.device'),
      render: (call) => <Box sx={{ wordBreak: 'break-word' }}>{call.device_name}</Box>,
    },
    {
      id: 'status',
      header: t('calls.history.columns.status'),
      width: 120,
      render: (call) => <CallStatusChip status={call.status} />,
    },
    {
      id: 'operator',
      header: t('calls.history.columns.operator'),
      render: (call) => call.answered_by ?? '—',
    },
    {
      id: 'duration',
      header: t('calls.history.columns.duration'),
      width: 100,
      align: 'right',
      render: (call) => (call.duration_seconds === null ? '—' : formatDuration(call.duration_seconds)),
    },
    {
      id: 'actions',
      header: t('calls.history.columns.actions'),
      width: 80,
      align: 'right',
      render: (call) => (
        <RowAction
          label={t('calls.actions.show')}
          item={call.device_name}
          icon={<VisibilityOutlined />}
          onClick={() => onShow(call)}
          testId={`history-show-${call.real_session_id}`}
        />
      ),
    },
  ];

  return (
    <Dialog
      open={open}
      onClose={onClose}
      maxWidth={false}
      fullWidth
      slotProps={{ paper: { sx: { maxWidth: 960 } } }}
      aria-labelledby="call-history-title"
      data-testid="call-history-dialog"
    >
      <DialogTitle id="call-history-title">{t('calls.history.title')}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '160px 200px 1fr' } }}>
          <TextField
            select
            label={t('calls.history.status_filter')}
            value={status}
            onChange={(event) => setStatus(event.target.value as CallStatus | '')}
            slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'history-status' } as object } }}
          >
            <MenuItem value="" data-testid="history-status-all">
              {t('calls.history.all')}
            </MenuItem>
            {CALL_STATUSES.map((value) => (
              <MenuItem key={value} value={value} data-testid={`history-status-${value}`}>
                {t(`calls.status.${value}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label={t('calls.history.device_filter')}
            value={deviceId}
            onChange={(event) => setDeviceId(event.target.value === '' ? '' : Number(event.target.value))}
            slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'history-device' } as object } }}
          >
            <MenuItem value="">{t('calls.history.all_devices')}</MenuItem>
            {device_list.map((device) => (
              <MenuItem key={device.id} value={device.id} data-testid={`history-device-${device.id}`}>
                {device.description}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={t('calls.history.search')}
            placeholder={t('calls.history.search_hint')}
            value={searchInput}
            onChange={(event) => setSearchInput(event.target.value)}
            slotProps={{
              htmlInput: { 'data-testid': 'history-search', maxLength: SEARCH_MAX },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
          />
        </Box>
        <DataTable
          columns={columns}
          rows={history.data?.rows}
          rowKey={(call) => call.real_session_id}
          rowTestId={(call) => `history-row-${call.real_session_id}`}
          total={history.data?.total ?? 0}
          page={paging.page}
          pageSize={paging.pageSize}
          onPageChange={paging.setPage}
          loading={history.isFetching}
          error={history.error ? errorMessage(history.error, '') : null}
          onRetry={() => void history.refetch()}
          emptyText={t('calls.history.empty')}
          ariaLabel={t('calls.history.aria')}
          testId="call-history-table"
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} data-testid="call-history-close">
          {t('common.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
