import { useState } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import AddIcon from '@mui/icons-material/Add';
import type { Entity, KeywordAliases } from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/shared/api/api-error';
import { useUndoAction } from '@/shared/api/undo';
import { useAuth } from '@/shared/auth/auth-store';
import { useBulkDeleteBar } from '@/shared/ui/bulk-delete-bar';
import { DataTable, type Column } from '@/shared/ui/data-table';
import { DeleteDialog, useDeleteDialog } from '@/shared/ui/delete-dialog';
import { PageHeader } from '@/shared/ui/page-header';
import { RowAction } from '@/shared/ui/row-action';
import { TableSearchField, useTableControls } from '@/shared/ui/use-table-controls';
import { notify } from '@/shared/ui/snackbar/snackbar-store';
import {
  useBulkDeleteEntities,
  useDeleteEntity,
  useRefreshEntities,
} from '@/features/ai/aliases/api/delete-entity';
import { useEntities, type EntitiesParams } from '@/features/ai/aliases/api/get-entities';
import { AliasDialog } from '@/features/ai/aliases/dialogs/alias-dialog';
import { AddAliasField } from '@/features/ai/aliases/components/add-alias-field';

type Sort = Pick<EntitiesParams, 'sort_by' | 'order'>;

/** A row with an alias entry: what the edit dialog and the delete work on. */
const withEntity = (row: KeywordAliases): Entity | null =>
  row.entity_id === null ? null : { ...row, entity_id: row.entity_id };
/** A row a bulk delete can take: one with aliases. */
const pickable = (row: KeywordAliases) => row.entity_id !== null && row.aliases.length > 0;

/**
 * Alias table (/ai/alias): every keyword of the device's topics and the other words people use for
 * them. Aliases are added in place on the row; the dialog edits the list; delete clears it.
 */
export function AliasPage() {
  const { t } = useTranslation();
  const deviceId = useAuth().selected_device;
  const table = useTableControls<Sort['sort_by']>({ sort_by: 'keyword', order: 'asc' }, 'alias');
  const { paging, search, setSearch, debouncedSearch, sortHeader } = table;
  const [dialog, setDialog] = useState<{ key: number; open: boolean; entity: Entity | null }>({
    key: 0,
    open: false,
    entity: null,
  });
  /** The keyword whose row shows the add field. */
  const [adding, setAdding] = useState<string | null>(null);
  const confirmDelete = useDeleteDialog();
  const deleteEntity = useDeleteEntity();
  const removeMany = useBulkDeleteEntities();
  const undoAction = useUndoAction();
  const refresh = useRefreshEntities();

  const entities = useEntities(table.params);
  const total = entities.data?.total ?? 0;
  table.keepInRange(entities);
  // Only a keyword with aliases has any to delete; a new search or device starts with nothing picked.
  const bulk = useBulkDeleteBar({
    type: 'alias',
    scope: `${debouncedSearch}|${deviceId}`,
    filter: { search: debouncedSearch },
    total,
    pageKeys: (entities.data?.entities ?? []).flatMap((row) => (pickable(row) ? [row.entity_id!] : [])),
    confirmDelete,
    remove: removeMany.mutateAsync,
    said: (count) => t('aliases.bulk_deleted', { count }),
    refresh,
    testId: 'alias-bulk',
  });

  const askDelete = (entity: Entity) =>
    confirmDelete.ask({
      type: 'alias',
      item: entity.keyword,
      run: async () => {
        if (deviceId === null) return false;
        const result = await notify.run(
          () => deleteEntity.mutateAsync({ device_id: deviceId, entity_id: entity.entity_id }),
          {
            loading: t('common.deleting'),
            success: t('aliases.deleted', { keyword: entity.keyword }),
            action: (ticket) => undoAction(ticket, refresh),
          },
        );
        return result.ok;
      },
    });

  const columns: Column<KeywordAliases>[] = [
    {
      id: 'keyword',
      label: t('aliases.columns.keyword'),
      header: sortHeader('keyword', t('aliases.columns.keyword')),
      width: '28%',
      render: (row) => <Typography sx={{ fontWeight: 500 }}>{row.keyword}</Typography>,
    },
    {
      id: 'aliases',
      label: t('aliases.columns.aliases'),
      header: sortHeader('alias', t('aliases.columns.aliases')),
      render: (row) => (
        <Box sx={{ py: 0.5 }}>
          {row.aliases.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              {t('aliases.none')}
            </Typography>
          ) : (
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
              {row.aliases.map((alias) => (
                <Chip key={alias} size="small" label={alias} />
              ))}
            </Box>
          )}
          {adding === row.keyword && (
            <Box sx={{ mt: 1, maxWidth: 320 }}>
              <AddAliasField
                keyword={row.keyword}
                aliases={row.aliases}
                inputTestId={`alias-add-input-${row.keyword}`}
                addTestId={`alias-add-submit-${row.keyword}`}
                autoFocus
                onCancel={() => setAdding(null)}
              />
            </Box>
          )}
        </Box>
      ),
    },
    {
      id: 'actions',
      header: t('aliases.columns.actions'),
      align: 'right',
      width: 160,
      render: (row) => {
        const entity = withEntity(row);
        const noAliases = entity && entity.aliases.length > 0 ? undefined : t('aliases.none_yet');
        return (
          <Box sx={{ whiteSpace: 'nowrap' }}>
            <RowAction
              label={t('aliases.add_label')}
              item={row.keyword}
              icon={<AddIcon fontSize="small" />}
              onClick={() => setAdding((current) => (current === row.keyword ? null : row.keyword))}
              testId={`alias-add-${row.keyword}`}
            />
            <RowAction
              label={t('aliases.edit')}
              item={row.keyword}
              icon={<EditOutlined fontSize="small" />}
              onClick={() => entity && setDialog((d) => ({ key: d.key + 1, open: true, entity }))}
              {...(noAliases && { disabledReason: noAliases })}
              testId={`alias-edit-${row.keyword}`}
            />
            <RowAction
              label={t('aliases.delete')}
              item={row.keyword}
              icon={<DeleteOutlined fontSize="small" />}
              onClick={() => entity && askDelete(entity)}
              {...(noAliases && { disabledReason: noAliases })}
              testId={`alias-delete-${row.keyword}`}
            />
          </Box>
        );
      },
    },
  ];

  return (
    <Box data-testid="alias-page">
      <PageHeader
        title={t('screens.ai_alias')}
        breadcrumbs={[{ label: t('nav.ai'), to: '/ai' }, { label: t('screens.ai_alias') }]}
      />
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2, mt: -1.5 }}>
        {t('aliases.page_hint')}
      </Typography>
      <Box sx={{ mb: 2, maxWidth: 360 }}>
        <TableSearchField
          value={search}
          onChange={setSearch}
          label={t('aliases.search')}
          testId="alias-search"
        />
      </Box>
      {bulk.bar}
      <DataTable
        ariaLabel={t('screens.ai_alias')}
        testId="alias-table"
        columns={columns}
        rows={entities.data?.entities}
        rowKey={(row) => row.entity_id ?? `keyword:${row.keyword}`}
        rowTestId={(row) => `alias-row-${row.keyword}`}
        selection={bulk.selection}
        selectable={pickable}
        rowLabel={(row) => row.keyword}
        total={total}
        page={paging.page}
        pageSize={paging.pageSize}
        onPageChange={paging.setPage}
        onPageSizeChange={paging.setPageSize}
        loading={entities.isFetching}
        error={entities.isError ? errorMessage(entities.error, t('errors.unknown')) : null}
        onRetry={() => void entities.refetch()}
        emptyText={debouncedSearch ? t('aliases.no_match', { search: debouncedSearch }) : t('aliases.empty')}
      />
      {dialog.entity && (
        <AliasDialog
          key={dialog.key}
          open={dialog.open}
          entity={dialog.entity}
          onClose={() => setDialog((d) => ({ ...d, open: false }))}
        />
      )}
      <DeleteDialog {...confirmDelete.dialogProps} />
    </Box>
  );
}
