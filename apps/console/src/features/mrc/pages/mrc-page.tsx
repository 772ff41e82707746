import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import RefreshOutlined from '@mui/icons-material/RefreshOutlined';
import UploadIcon from '@mui/icons-material/Upload';
import WarningAmber from '@mui/icons-material/WarningAmber';
import type { MrcDocument } from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/shared/api/api-error';
import { useAuth } from '@/shared/auth/auth-store';
import { formatDateTime } from '@/shared/lib/format-date';
import { DataTable, type Column } from '@/shared/ui/data-table';
import { DeleteDialog, useDeleteDialog } from '@/shared/ui/delete-dialog';
import { PageHeader } from '@/shared/ui/page-header';
import { RowAction } from '@/shared/ui/row-action';
import { TableSearchField, useTableControls } from '@/shared/ui/use-table-controls';
import { notify } from '@/shared/ui/snackbar/snackbar-store';
import {
  downloadDocument,
  useBulkDeleteDocuments,
  useDeleteDocument,
  useRefreshDocuments,
  useRescanDocument,
} from '@/features/mrc/api/document-actions';
import { useBulkDeleteBar } from '@/shared/ui/bulk-delete-bar';
import { anyScanning, useDocumentEvents, useDocuments } from '@/features/mrc/api/get-documents';
import type { MrcListParams } from '@/features/mrc/api/mrc-keys';
import { StatusChip } from '@/features/mrc/components/status-chip';
import { TestPanel } from '@/features/mrc/components/test-panel';
import { DocumentViewerDialog, type ShownHit } from '@/features/mrc/dialogs/document-viewer-dialog';
import { UploadDialog } from '@/features/mrc/dialogs/upload-dialog';
import { newSessionId } from '@/features/mrc/lib/session-id';

type Sort = Pick<MrcListParams, 'sort_by' | 'order'>;

/**
 * Document scanning (/ai/mrc): the device's documents with their scan status (the list refreshes
 * itself while one is Scanning), upload, download, re-scan and delete, and a test panel that asks
 * the documents a question and shows the answer in its place.
 */
export function MrcPage() {
  const deviceId = useAuth().selected_device;
  // Everything of the screen belongs to one device: a new device starts it afresh (a new session).
  return <MrcScreen key={deviceId ?? 'none'} deviceId={deviceId} />;
}

function MrcScreen({ deviceId }: { deviceId: number | null }) {
  const { t, i18n } = useTranslation();
  // Newest first; page 1 first (the old console's "starts at page 2" is not followed: docs/decisions.md).
  const table = useTableControls<Sort['sort_by']>({ sort_by: 'create_datetime', order: 'desc' }, 'mrc');
  const { paging, search, setSearch, debouncedSearch, sortHeader } = table;
  const [uploading, setUploading] = useState<{ key: number; open: boolean }>({ key: 0, open: false });
  const [shown, setShown] = useState<ShownHit | null>(null);
  // A session id is generated on each list load.
  const [sessionId] = useState(newSessionId);
  const confirmDelete = useDeleteDialog();
  const deleteDocument = useDeleteDocument();
  const rescan = useRescanDocument();

  const documents = useDocuments(table.params);
  useDocumentEvents(deviceId);
  const total = documents.data?.total ?? 0;
  table.keepInRange(documents);
  const scanning = anyScanning(documents.data);
  const language = i18n.resolvedLanguage ?? 'en';
  const removeMany = useBulkDeleteDocuments(deviceId);
  const refresh = useRefreshDocuments(deviceId);
  const bulk = useBulkDeleteBar({
    type: 'mrc',
    scope: `${debouncedSearch}|${deviceId}`,
    filter: { search: debouncedSearch },
    total,
    pageKeys: (documents.data?.documents ?? []).map((row) => row.id),
    confirmDelete,
    remove: removeMany.mutateAsync,
    said: (count) => t('mrc.bulk_deleted', { count }),
    refresh,
    // One document's delete is for good; many at once can be taken back (their passages are kept).
    undoable: true,
    testId: 'mrc-bulk',
  });

  const askDelete = (document: MrcDocument) =>
    confirmDelete.ask({
      type: 'mrc',
      item: document.filename,
      run: async () => {
        if (deviceId === null) return false;
        const result = await notify.run(
          () => deleteDocument.mutateAsync({ device_id: deviceId, id: document.id }),
          { loading: t('common.deleting'), success: t('mrc.deleted', { name: document.filename }) },
        );
        return result.ok;
      },
    });

  const startRescan = (document: MrcDocument) => {
    if (deviceId === null || rescan.isPending) return;
    void notify.run(() => rescan.mutateAsync({ device_id: deviceId, id: document.id }), {
      loading: t('mrc.rescanning'),
      success: t('mrc.rescanned', { name: document.filename }),
    });
  };

  const download = (document: MrcDocument) =>
    void notify.run(() => downloadDocument(document), {
      loading: t('mrc.downloading'),
      success: document.filename,
    });

  const columns: Column<MrcDocument>[] = [
    {
      id: 'filename',
      label: t('mrc.columns.filename'),
      header: sortHeader('filename', t('mrc.columns.filename')),
      minWidth: 200,
      render: (row) => (
        <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>{row.filename}</Typography>
      ),
    },
    {
      id: 'status',
      label: t('mrc.columns.status'),
      header: sortHeader('status', t('mrc.columns.status')),
      minWidth: 140,
      render: (row) => <StatusChip document={row} />,
    },
    {
      id: 'create_datetime',
      label: t('mrc.columns.create_datetime'),
      header: sortHeader('create_datetime', t('mrc.columns.create_datetime')),
      width: 170,
      render: (row) => formatDateTime(row.create_datetime, language),
    },
    {
      id: 'pages',
      label: t('mrc.columns.pages'),
      header: sortHeader('pages', t('mrc.columns.pages')),
      // Room for "Pages" and its sort arrow inside the column.
      width: 104,
      align: 'right',
      render: (row) => row.pages ?? t('mrc.none'),
    },
    {
      id: 'language',
      label: t('mrc.columns.language'),
      header: sortHeader('language', t('mrc.columns.language')),
      width: 150,
      render: (row) =>
        row.language === null ? (
          t('mrc.none')
        ) : (
          <Box
            sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}
            data-testid={`mrc-language-${row.id}`}
          >
            {t(`languages.${row.language}`)}
            {!row.language_offered && (
              <Tooltip title={t('mrc.language_not_offered')}>
                <WarningAmber
                  color="warning"
                  fontSize="small"
                  aria-label={t('mrc.language_not_offered')}
                  aria-hidden={false}
                  role="img"
                  tabIndex={0}
                  data-testid={`mrc-language-warning-${row.id}`}
                />
              </Tooltip>
            )}
          </Box>
        ),
    },
    {
      id: 'actions',
      header: t('mrc.columns.actions'),
      align: 'right',
      width: 150,
      sticky: true,
      render: (row) => (
        <Box sx={{ whiteSpace: 'nowrap' }}>
          <RowAction
            label={t('mrc.actions.download')}
            item={row.filename}
            icon={<DownloadOutlined fontSize="small" />}
            onClick={() => download(row)}
            testId={`mrc-download-${row.id}`}
          />
          <RowAction
            label={t('mrc.actions.rescan')}
            item={row.filename}
            icon={<RefreshOutlined fontSize="small" />}
            onClick={() => startRescan(row)}
            {...(row.status === 'Scanning' && { disabledReason: t('mrc.actions.rescan_busy') })}
            testId={`mrc-rescan-${row.id}`}
          />
          <RowAction
            label={t('mrc.actions.delete')}
            item={row.filename}
            icon={<DeleteOutlined fontSize="small" />}
            onClick={() => askDelete(row)}
            testId={`mrc-delete-${row.id}`}
          />
        </Box>
      ),
    },
  ];

  const empty = documents.data !== undefined && total === 0 && !debouncedSearch;

  return (
    <Box data-testid="mrc-page">
      <PageHeader
        title={t('screens.ai_mrc')}
        breadcrumbs={[{ label: t('nav.ai'), to: '/ai' }, { label: t('screens.ai_mrc') }]}
        actions={
          <Button
            variant="contained"
            startIcon={<UploadIcon />}
            disabled={deviceId === null}
            onClick={() => setUploading((u) => ({ key: u.key + 1, open: true }))}
            data-testid="mrc-upload"
          >
            {t('mrc.upload')}
          </Button>
        }
      />
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2, mt: -1.5 }}>
        {t('mrc.page_hint')}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          // The test panel sits beside the table only where the table still has room for its
          // columns; on a laptop it goes below.
          gridTemplateColumns: { xs: '1fr', xl: 'minmax(0, 8fr) minmax(0, 4fr)' },
          alignItems: 'start',
        }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Box sx={{ mb: 2, display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
            <Box sx={{ maxWidth: 360, flex: '1 1 240px' }}>
              <TableSearchField
                value={search}
                onChange={setSearch}
                label={t('mrc.search')}
                testId="mrc-search"
                maxLength={120}
              />
            </Box>
            {scanning && (
              <Typography
                variant="caption"
                color="text.secondary"
                role="status"
                data-testid="mrc-scanning-note"
              >
                {t('mrc.scanning_note')}
              </Typography>
            )}
          </Box>
          {bulk.bar}
          <DataTable
            ariaLabel={t('screens.ai_mrc')}
            testId="mrc-table"
            fit
            columns={columns}
            rows={documents.data?.documents}
            rowKey={(row) => row.id}
            rowTestId={(row) => `mrc-row-${row.id}`}
            selection={bulk.selection}
            rowLabel={(row) => row.filename}
            total={total}
            page={paging.page}
            pageSize={paging.pageSize}
            onPageChange={paging.setPage}
            onPageSizeChange={paging.setPageSize}
            loading={documents.isFetching && !scanning}
            error={documents.isError ? errorMessage(documents.error, t('errors.unknown')) : null}
            onRetry={() => void documents.refetch()}
            emptyText={debouncedSearch ? t('mrc.no_match', { search: debouncedSearch }) : t('mrc.empty')}
          />
        </Box>
        {deviceId !== null && (
          <TestPanel
            deviceId={deviceId}
            sessionId={sessionId}
            waiting={empty ? 'empty' : scanning ? 'scanning' : null}
            onShow={setShown}
          />
        )}
      </Box>
      {deviceId !== null && (
        <UploadDialog
          key={uploading.key}
          open={uploading.open}
          deviceId={deviceId}
          onClose={() => setUploading((u) => ({ ...u, open: false }))}
        />
      )}
      <DocumentViewerDialog hit={shown} onClose={() => setShown(null)} />
      <DeleteDialog {...confirmDelete.dialogProps} />
    </Box>
  );
}
