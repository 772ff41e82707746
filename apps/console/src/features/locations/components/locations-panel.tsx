import { lazy, Suspense, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import FileUploadOutlined from '@mui/icons-material/FileUploadOutlined';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/shared/api/api-error';
import { useAuth } from '@/shared/auth/auth-store';
import { DataTable, type Column } from '@/shared/ui/data-table';
import { DeleteDialog, useDeleteDialog } from '@/shared/ui/delete-dialog';
import { RowAction } from '@/shared/ui/row-action';
import { notify } from '@/shared/ui/snackbar/snackbar-store';
import { TableSearchField, useTableControls } from '@/shared/ui/use-table-controls';
import { AsyncSwitch } from '@/shared/ui/async-switch';
import type { Location } from '@ambassador/contracts';
import {
  locationFields,
  useBulkDeleteLocations,
  useDeleteLocation,
  useExportLocations,
  useLocationCategoryTree,
  useLocations,
  useRefreshLocations,
  useSaveLocation,
} from '../api/locations-api';
import { useUndoAction } from '@/shared/api/undo';
import { useSelection } from '@/shared/lib/use-selection';
import { BulkBar } from '@/shared/ui/bulk-bar';
import { LocationDialog } from '../dialogs/location-dialog';
import { flattenCategoryTree, type CategoryOption } from '../lib/category-paths';
import { Spinner } from '@/shared/ui/spinner';

const LocationImportDialog = lazy(async () => ({
  default: (await import('../dialogs/location-import-dialog')).LocationImportDialog,
}));

/**
 * The Locations table (10 a page): name, categories, map, an active switch that reverts when the
 * change fails; a search and a category filter; add and edit in the location dialog, delete with
 * the confirm; import (with a preview) and export of an xlsx workbook.
 */
export function LocationsPanel() {
  const { t } = useTranslation();
  const auth = useAuth();
  const device = auth.device_list.find((d) => d.id === auth.selected_device);
  const table = useTableControls<'name'>({ sort_by: 'name', order: 'asc' }, 'location');
  const { paging, search, setSearch, debouncedSearch } = table;
  const [filter, setFilter] = useState<CategoryOption[]>([]);
  const [filtered, setFiltered] = useState(filter);
  if (filtered !== filter) {
    setFiltered(filter);
    paging.setPage(0);
  }
  const tree = useLocationCategoryTree();
  const options = flattenCategoryTree(tree.data ?? []);
  const paths = new Map(options.map((c) => [c.category_id, c.path]));
  const locations = useLocations({
    limit: paging.limit,
    offset: paging.offset,
    search: debouncedSearch,
    category_ids: filter.map((c) => c.category_id),
  });
  table.keepInRange(locations);
  const save = useSaveLocation();
  const remove = useDeleteLocation();
  const removeMany = useBulkDeleteLocations();
  const undoAction = useUndoAction();
  const refresh = useRefreshLocations();
  const categoryIds = filter.map((c) => c.category_id);
  // A new search, layer filter or device starts with nothing picked.
  const selection = useSelection<number>(
    `${debouncedSearch}|${categoryIds.join(',')}|${auth.selected_device}`,
  );
  const total = locations.data?.total ?? 0;
  const pageKeys = locations.data?.rows.map((row) => row.id) ?? [];
  const exporting = useExportLocations();
  const confirmDelete = useDeleteDialog();
  const [dialog, setDialog] = useState<{ key: number; open: boolean; location: Location | null }>({
    key: 0,
    open: false,
    location: null,
  });
  const [importing, setImporting] = useState(0);

  const openDialog = (location: Location | null) =>
    setDialog((d) => ({ key: d.key + 1, open: true, location }));

  const askDelete = (location: Location) =>
    confirmDelete.ask({
      type: 'location',
      item: location.name,
      run: async () =>
        (
          await notify.run(() => remove.mutateAsync(location.id), {
            loading: t('common.deleting'),
            success: t('locations.deleted', { name: location.name }),
            action: (ticket) => undoAction(ticket, refresh),
          })
        ).ok,
    });

  const askDeleteMany = () =>
    confirmDelete.ask({
      type: 'location',
      count: selection.count(total),
      run: async () => {
        const result = await notify.run(
          () =>
            removeMany.mutateAsync(
              selection.all
                ? { all: true, filter: { search: debouncedSearch, category_ids: categoryIds } }
                : { ids: [...selection.keys] },
            ),
          {
            loading: t('common.deleting'),
            success: (done) => t('locations.bulk.deleted', { count: done.count }),
            action: (done) => undoAction(done.undo, refresh),
          },
        );
        if (result.ok) selection.clear();
        return result.ok;
      },
    });

  const columns: Column<Location>[] = [
    {
      id: 'active',
      header: t('locations.columns.active'),
      width: 88,
      render: (row) => (
        <AsyncSwitch
          checked={row.is_active}
          label={t('locations.active_label', { name: row.name })}
          testId={`location-active-${row.id}`}
          onChange={async (next) =>
            (
              await notify.run(
                () => save.mutateAsync({ id: row.id, fields: { ...locationFields(row), is_active: next } }),
                {
                  loading: t('common.updating'),
                  success: next
                    ? t('locations.activated', { name: row.name })
                    : t('locations.deactivated', { name: row.name }),
                },
              )
            ).ok
          }
        />
      ),
    },
    {
      id: 'name',
      header: t('locations.columns.name'),
      card: 'title',
      minWidth: 160,
      render: (row) => (
        <Typography noWrap title={row.name} sx={{ fontWeight: 500 }}>
          {row.name}
        </Typography>
      ),
    },
    {
      id: 'categories',
      header: t('locations.columns.categories'),
      minWidth: 160,
      render: (row) =>
        row.categories.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('locations.no_categories')}
          </Typography>
        ) : (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, py: 0.5 }}>
            {row.categories.map((c) => (
              <Chip
                key={c.category_id}
                size="small"
                label={c.category_name}
                title={paths.get(c.category_id) ?? c.category_name}
              />
            ))}
          </Box>
        ),
    },
    {
      id: 'map',
      header: t('locations.columns.map'),
      minWidth: 120,
      render: (row) =>
        row.map_name ? (
          <Typography variant="body2" noWrap title={row.map_name}>
            {row.map_name}
          </Typography>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {t('locations.no_map')}
          </Typography>
        ),
    },
    {
      id: 'actions',
      header: t('locations.columns.actions'),
      align: 'right',
      width: 112,
      sticky: true,
      render: (row) => (
        <Box sx={{ whiteSpace: 'nowrap' }}>
          <RowAction
            label={t('locations.edit')}
            item={row.name}
            icon={<EditOutlined fontSize="small" />}
            onClick={() => openDialog(row)}
            testId={`location-edit-${row.id}`}
          />
          <RowAction
            label={t('common.delete')}
            item={row.name}
            icon={<DeleteOutlined fontSize="small" />}
            onClick={() => askDelete(row)}
            testId={`location-delete-${row.id}`}
          />
        </Box>
      ),
    },
  ];

  const filtering = Boolean(debouncedSearch) || filter.length > 0;

  return (
    <Box data-testid="locations-panel">
      <Box sx={{ display: 'flex', gap: 1.5, mb: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <Box sx={{ flex: '1 1 220px', maxWidth: 320 }}>
          <TableSearchField
            value={search}
            onChange={setSearch}
            label={t('locations.search')}
            testId="location-search"
          />
        </Box>
        <Autocomplete
          multiple
          size="small"
          options={options}
          value={filter}
          onChange={(_e, value) => setFilter(value)}
          getOptionLabel={(c) => c.path}
          isOptionEqualToValue={(a, b) => a.category_id === b.category_id}
          noOptionsText={t('locations.form.no_categories')}
          sx={{ flex: '1 1 220px', maxWidth: 360 }}
          renderInput={(params) => (
            <TextField
              {...params}
              label={t('locations.filter')}
              slotProps={{
                ...params.slotProps,
                htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'location-filter-input' },
              }}
            />
          )}
        />
        <Box sx={{ flex: '1 1 auto' }} />
        <Button
          variant="outlined"
          startIcon={<FileUploadOutlined />}
          onClick={() => setImporting((n) => n + 1)}
          data-testid="location-import-open"
        >
          {t('locations.import.button')}
        </Button>
        <Button
          variant="outlined"
          startIcon={exporting.isPending ? <Spinner size={16} color="inherit" /> : <FileDownloadOutlined />}
          disabled={exporting.isPending}
          onClick={() =>
            void notify.run(
              () => exporting.mutateAsync(`${device?.description ?? 'device'}-locations.xlsx`),
              { loading: t('locations.export.exporting'), success: t('locations.export.done') },
            )
          }
          data-testid="location-export"
        >
          {t('locations.export.button')}
        </Button>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => openDialog(null)}
          data-testid="add-location"
        >
          {t('locations.add')}
        </Button>
      </Box>
      <BulkBar
        selection={selection}
        total={total}
        pageSelected={pageKeys.length > 0 && pageKeys.every((id) => selection.isSelected(id))}
        testId="locations-bulk"
      >
        <Button size="small" color="error" onClick={askDeleteMany} data-testid="locations-bulk-delete">
          {t('common.delete')}
        </Button>
      </BulkBar>
      <DataTable
        ariaLabel={t('locations.section.locations')}
        testId="location-table"
        columns={columns}
        rows={locations.data?.rows}
        rowKey={(row) => row.id}
        rowTestId={(row) => `location-row-${row.id}`}
        selection={selection}
        rowLabel={(row) => row.name}
        total={total}
        page={paging.page}
        pageSize={paging.pageSize}
        onPageChange={paging.setPage}
        onPageSizeChange={paging.setPageSize}
        loading={locations.isFetching}
        error={locations.isError ? errorMessage(locations.error, t('errors.unknown')) : null}
        onRetry={() => void locations.refetch()}
        emptyText={filtering ? t('locations.no_match') : t('locations.empty')}
        fit
      />
      {dialog.key > 0 && (
        <LocationDialog
          key={dialog.key}
          open={dialog.open}
          location={dialog.location}
          onClose={() => setDialog((d) => ({ ...d, open: false }))}
        />
      )}
      {importing > 0 && (
        <Suspense fallback={null}>
          <LocationImportDialog key={importing} open onClose={() => setImporting(0)} />
        </Suspense>
      )}
      <DeleteDialog {...confirmDelete.dialogProps} />
    </Box>
  );
}
