import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import type { AuditEvent, AuditFilters } from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/shared/api/api-error';
import { useAuth } from '@/shared/auth/auth-store';
import { addDays, lastDays } from '@/shared/lib/day-range';
import { formatDateTime } from '@/shared/lib/format-date';
import { useDebouncedValue } from '@/shared/lib/use-debounced-value';
import { DataTable, type Column } from '@/shared/ui/data-table';
import { PageHeader } from '@/shared/ui/page-header';
import { notify } from '@/shared/ui/snackbar/snackbar-store';
import { Spinner } from '@/shared/ui/spinner';
import { usePaging } from '@/shared/ui/use-paging';
import { useAudit, useAuditActors, useExportAudit } from '../api/get-audit';
import { AuditFiltersBar, type AuditFilterState } from '../components/audit-filters';
import { actionLabel, detailLines } from '../lib/describe';

const DEFAULT_DAYS = 30;
const SEARCH_DEBOUNCE_MS = 400;
const initialFilters = (): AuditFilterState => ({
  deviceId: '',
  actor: '',
  action: '',
  range: lastDays(DEFAULT_DAYS),
  text: '',
});

/** Local midnight of a calendar day, as the instant the API takes. */
const startOf = (day: string) => new Date(`${day}T00:00:00`).toISOString();

function filtersOf(state: AuditFilterState, text: string): AuditFilters {
  return {
    ...(state.deviceId !== '' && { device_id: state.deviceId }),
    ...(state.actor && { actor: state.actor }),
    ...(state.action && { action: state.action }),
    ...(text.trim() && { q: text.trim() }),
    from: startOf(state.range.start),
    to: startOf(addDays(state.range.end, 1)),
  };
}

/** Admin Settings → Audit trail (/setting/audit): who changed what and when. Admins only. */
export function AuditPage() {
  const { t, i18n } = useTranslation();
  const auth = useAuth();
  const [state, setState] = useState(initialFilters);
  const text = useDebouncedValue(state.text, SEARCH_DEBOUNCE_MS);
  const paging = usePaging(25);
  const filters = filtersOf(state, text);
  const audit = useAudit({ ...filters, limit: paging.limit, offset: paging.offset });
  const actors = useAuditActors();
  const exportAudit = useExportAudit();
  const language = i18n.resolvedLanguage ?? 'en';

  const change = (patch: Partial<AuditFilterState>) => {
    setState((s) => ({ ...s, ...patch }));
    paging.setPage(0);
  };
  const filtered = state.deviceId !== '' || state.actor !== '' || state.action !== '' || state.text !== '';

  const columns: Column<AuditEvent>[] = [
    {
      id: 'when',
      header: t('audit.columns.when'),
      width: 190,
      render: (e) => (
        <Typography variant="body2" component="time" dateTime={e.created_at}>
          {formatDateTime(e.created_at, language)}
        </Typography>
      ),
    },
    {
      id: 'who',
      header: t('audit.columns.who'),
      width: 140,
      render: (e) =>
        e.actor ?? (
          <Typography variant="body2" color="text.secondary" component="span">
            {t('audit.unknown_user')}
          </Typography>
        ),
    },
    {
      id: 'action',
      header: t('audit.columns.action'),
      width: 210,
      card: 'title',
      render: (e) => (
        <Typography variant="body2" sx={{ fontWeight: 500 }} data-testid="audit-action-label">
          {actionLabel(t, e.action)}
        </Typography>
      ),
    },
    {
      id: 'target',
      header: t('audit.columns.target'),
      minWidth: 140,
      render: (e) => e.target_name ?? (e.target_id ? `#${e.target_id}` : '—'),
    },
    {
      id: 'device',
      header: t('audit.columns.device'),
      width: 180,
      render: (e) => e.device_name ?? (e.device_id ? `#${e.device_id}` : t('audit.no_device')),
    },
    {
      id: 'details',
      header: t('audit.columns.details'),
      minWidth: 220,
      render: (e) => {
        const lines = detailLines(t, e);
        if (lines.length === 0) return '—';
        return (
          <Box sx={{ display: 'grid', gap: 0.25, overflowWrap: 'anywhere' }}>
            {lines.map((line, i) => (
              <Typography key={i} variant="body2" color="text.secondary">
                {line}
              </Typography>
            ))}
          </Box>
        );
      },
    },
  ];

  const runExport = () =>
    void notify.run(() => exportAudit.mutateAsync(filters), {
      loading: t('audit.exporting'),
      success: t('audit.exported'),
    });

  return (
    <>
      <PageHeader
        title={t('screens.setting_audit')}
        breadcrumbs={[{ label: t('nav.setting'), to: '/setting' }, { label: t('screens.setting_audit') }]}
        actions={
          <Button
            variant="outlined"
            startIcon={exportAudit.isPending ? <Spinner size={18} aria-hidden /> : <FileDownloadOutlined />}
            onClick={runExport}
            disabled={exportAudit.isPending}
            data-testid="audit-export"
          >
            {t('audit.export')}
          </Button>
        }
      />
      <Typography color="text.secondary" sx={{ mt: -2, mb: 2 }}>
        {t('audit.description')}
      </Typography>
      <AuditFiltersBar
        value={state}
        devices={auth.device_list}
        actors={actors.data ?? []}
        onChange={change}
        onClear={filtered ? () => change({ ...initialFilters(), range: state.range }) : undefined}
      />
      <DataTable
        ariaLabel={t('screens.setting_audit')}
        testId="audit-table"
        columns={columns}
        rows={audit.data?.events}
        rowKey={(e) => e.id}
        rowTestId={(e) => `audit-row-${e.id}`}
        total={audit.data?.total ?? 0}
        page={paging.page}
        pageSize={paging.pageSize}
        onPageChange={paging.setPage}
        onPageSizeChange={paging.setPageSize}
        pageSizeOptions={[25, 50, 100]}
        loading={audit.isFetching}
        error={audit.isError ? errorMessage(audit.error, t('errors.unknown')) : null}
        onRetry={() => void audit.refetch()}
        emptyText={filtered ? t('audit.empty_filtered') : t('audit.empty')}
        fit
      />
    </>
  );
}
