import { useEffect, useRef, useState } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import DownloadIcon from '@mui/icons-material/Download';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import SearchIcon from '@mui/icons-material/Search';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import type { DirectoryUnit, Language } from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/shared/api/api-error';
import { useSelectedDeviceLanguages } from '@/shared/auth/use-selected-device-languages';
import { useAddressRequest } from '@/shared/lib/use-address-param';
import { useDebouncedValue } from '@/shared/lib/use-debounced-value';
import { DataTable, type Column } from '@/shared/ui/data-table';
import { DeleteDialog, useDeleteDialog } from '@/shared/ui/delete-dialog';
import { RowAction } from '@/shared/ui/row-action';
import { notify } from '@/shared/ui/snackbar/snackbar-store';
import { usePaging } from '@/shared/ui/use-paging';
import {
  useBulkDeleteUnits,
  useDeleteUnit,
  useDirectory,
  useExportDirectory,
  useRefreshDirectory,
} from '../api/directory';
import { useUndoAction } from '@/shared/api/undo';
import { useSelection } from '@/shared/lib/use-selection';
import { BulkBar } from '@/shared/ui/bulk-bar';
import { DirectoryImportDialog } from './directory-import-dialog';
import { UnitDialog } from './unit-dialog';

/** The unit's text in the first of `languages` that has one. */
export function firstText(texts: Partial<Record<Language, string>>, languages: readonly Language[]) {
  for (const l of languages) if (texts[l]) return texts[l];
  return Object.values(texts).find(Boolean) ?? '';
}

/**
 * The directory of the selected device: unit, logo, occupant name, phone,
 * email, live chat, description; search, ten a page, add and edit (unit dialog), delete with the
 * confirm dialog, import (preview, then apply) and export as xlsx. Changes reach the kiosks live.
 */
export function DirectoryCard({ deviceId, deviceName }: { deviceId: number; deviceName: string }) {
  const { t } = useTranslation();
  const languages = useSelectedDeviceLanguages() ?? (['english'] as const);
  const [search, setSearch] = useState('');
  const query = useDebouncedValue(search.trim(), 300);
  const cardRef = useRef<HTMLDivElement>(null);
  // Opened with `?unit=G12` (from search everywhere): the card is scrolled to, filtered to that unit.
  const [scrollTo, setScrollTo] = useState(false);
  useAddressRequest('unit', true, (unit) => {
    setSearch(unit);
    setScrollTo(true);
  });
  useEffect(() => {
    if (scrollTo) cardRef.current?.scrollIntoView({ block: 'start' });
  }, [scrollTo]);
  const paging = usePaging();
  const directory = useDirectory(deviceId, query, paging.limit, paging.offset);
  const remove = useDeleteUnit();
  const removeMany = useBulkDeleteUnits();
  const undoAction = useUndoAction();
  const refresh = useRefreshDirectory(deviceId);
  const selection = useSelection<number>(`${query}|${deviceId}`);
  const total = directory.data?.total ?? 0;
  const pageKeys = directory.data?.units.map((u) => u.id) ?? [];
  const askDeleteMany = () =>
    confirmDelete.ask({
      type: 'unit',
      count: selection.count(total),
      run: async () => {
        const result = await notify.run(
          () =>
            removeMany.mutateAsync({
              device_id: deviceId,
              selection: selection.all
                ? { all: true, filter: { search: query } }
                : { ids: [...selection.keys] },
            }),
          {
            loading: t('common.deleting'),
            success: (done) => t('interface.directory.bulk_deleted', { count: done.count }),
            error: (e) => errorMessage(e, t('interface.directory.delete_failed')),
            action: (done) => undoAction(done.undo, refresh),
          },
        );
        if (result.ok) selection.clear();
        return result.ok;
      },
    });
  const exporting = useExportDirectory();
  const confirmDelete = useDeleteDialog();
  const [editing, setEditing] = useState<DirectoryUnit | 'new' | null>(null);
  const [importing, setImporting] = useState(false);
  // Each opening of a dialog mounts it afresh: it starts from what it edits.
  const [opened, setOpened] = useState(0);
  const edit = (target: DirectoryUnit | 'new') => {
    setOpened((n) => n + 1);
    setEditing(target);
  };

  const name = (u: DirectoryUnit) => firstText(u.names, languages);
  const columns: Column<DirectoryUnit>[] = [
    { id: 'unit', header: t('interface.directory.unit'), render: (u) => u.unit, width: 90, card: 'title' },
    {
      id: 'logo',
      header: t('interface.directory.logo'),
      width: 64,
      render: (u) =>
        u.logo_url ? (
          <Avatar
            variant="rounded"
            src={u.logo_url}
            alt={t('interface.directory.logo_of', { name: name(u) })}
          />
        ) : (
          <Typography variant="body2" color="text.secondary">
            —
          </Typography>
        ),
    },
    { id: 'name', header: t('interface.directory.name'), render: (u) => name(u), minWidth: 140 },
    { id: 'phone', header: t('interface.directory.phone'), render: (u) => u.phone, width: 130 },
    { id: 'email', header: t('interface.directory.email'), render: (u) => u.email, minWidth: 140 },
    {
      id: 'live_chat',
      header: t('interface.directory.live_chat'),
      width: 90,
      render: (u) => (u.live_chat ? t('interface.directory.on') : t('interface.directory.off')),
    },
    {
      id: 'description',
      header: t('interface.directory.description'),
      render: (u) => firstText(u.descriptions, languages),
      minWidth: 160,
    },
    {
      id: 'actions',
      header: t('interface.directory.actions'),
      width: 104,
      sticky: true,
      render: (u) => (
        <Box sx={{ display: 'flex' }}>
          <RowAction
            label={t('interface.directory.edit')}
            item={`${u.unit} ${name(u)}`}
            icon={<EditOutlinedIcon />}
            onClick={() => edit(u)}
            testId={`unit-edit-${u.id}`}
          />
          <RowAction
            label={t('interface.directory.delete')}
            item={`${u.unit} ${name(u)}`}
            icon={<DeleteOutlineIcon />}
            testId={`unit-delete-${u.id}`}
            onClick={() =>
              confirmDelete.ask({
                type: 'unit',
                item: `${u.unit} ${name(u)}`,
                run: async () =>
                  (
                    await notify.run(() => remove.mutateAsync({ device_id: deviceId, id: u.id }), {
                      loading: t('common.deleting'),
                      success: t('interface.directory.deleted'),
                      error: (e) => errorMessage(e, t('interface.directory.delete_failed')),
                      action: (ticket) => undoAction(ticket, refresh),
                    })
                  ).ok,
              })
            }
          />
        </Box>
      ),
    },
  ];

  return (
    <Card ref={cardRef} variant="outlined" sx={{ mt: 2, scrollMarginTop: 80 }} data-testid="directory-card">
      <CardContent>
        <Typography variant="h6" component="h2">
          {t('interface.directory.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('interface.directory.intro')}
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 2, alignItems: 'center' }}>
          <TextField
            size="small"
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              paging.setPage(0);
            }}
            placeholder={t('interface.directory.search_placeholder')}
            slotProps={{
              htmlInput: { 'aria-label': t('interface.directory.search'), 'data-testid': 'directory-search' },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
            sx={{ flex: '1 1 220px', maxWidth: 360 }}
          />
          <Box sx={{ flex: 1 }} />
          <Button
            startIcon={<UploadFileIcon />}
            onClick={() => {
              setOpened((n) => n + 1);
              setImporting(true);
            }}
            data-testid="directory-import"
          >
            {t('interface.directory.import')}
          </Button>
          <Button
            startIcon={<DownloadIcon />}
            disabled={exporting.isPending}
            data-testid="directory-export"
            onClick={() =>
              void notify.run(
                () => exporting.mutateAsync({ deviceId, fallbackName: `${deviceName}-directory.xlsx` }),
                {
                  loading: t('interface.directory.exporting'),
                  success: t('interface.directory.exported'),
                  error: (e) => errorMessage(e, t('interface.directory.export_failed')),
                },
              )
            }
          >
            {t('interface.directory.export')}
          </Button>
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => edit('new')}
            data-testid="directory-add"
          >
            {t('interface.directory.add')}
          </Button>
        </Box>
        <BulkBar
          selection={selection}
          total={total}
          pageSelected={pageKeys.length > 0 && pageKeys.every((id) => selection.isSelected(id))}
          testId="directory-bulk"
        >
          <Button size="small" color="error" onClick={askDeleteMany} data-testid="directory-bulk-delete">
            {t('interface.directory.delete')}
          </Button>
        </BulkBar>
        <DataTable
          columns={columns}
          rows={directory.data?.units}
          rowKey={(u) => u.id}
          rowTestId={(u) => `unit-row-${u.unit}`}
          selection={selection}
          rowLabel={(u) => `${u.unit} ${name(u)}`}
          total={total}
          page={paging.page}
          pageSize={paging.pageSize}
          onPageChange={paging.setPage}
          loading={directory.isFetching}
          error={
            directory.isError ? errorMessage(directory.error, t('interface.directory.load_failed')) : null
          }
          onRetry={() => void directory.refetch()}
          emptyText={query ? t('interface.directory.no_match') : t('interface.directory.empty')}
          ariaLabel={t('interface.directory.title')}
          testId="directory-table"
          fit
        />
      </CardContent>
      <UnitDialog
        key={`unit-${opened}`}
        open={editing !== null}
        unit={editing === 'new' ? null : editing}
        deviceId={deviceId}
        languages={languages}
        onClose={() => setEditing(null)}
      />
      <DirectoryImportDialog
        key={`import-${opened}`}
        open={importing}
        deviceId={deviceId}
        onClose={() => setImporting(false)}
      />
      <DeleteDialog {...confirmDelete.dialogProps} />
    </Card>
  );
}
