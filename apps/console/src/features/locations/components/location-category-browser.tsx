import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import type { LocationCategory, LocationCategoryColumn } from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/shared/api/api-error';
import { useDeleteDialog } from '@/shared/ui/delete-dialog';
import { notify } from '@/shared/ui/snackbar/snackbar-store';
import { LayeredColumns, type LayerActions } from '@/shared/ui/layered-columns';
import {
  useCreateLocationCategory,
  useDeleteLocationCategory,
  useLocationCategoryColumn,
  useLocationCategoryTree,
  useRenameLocationCategory,
} from '../api/locations-api';
import { flattenCategoryTree } from '../lib/category-paths';

/** Add, rename and delete of location category layers, with the snackbar and the delete confirm. */
function useLayerActions(): LayerActions {
  const { t } = useTranslation();
  const create = useCreateLocationCategory();
  const rename = useRenameLocationCategory();
  const remove = useDeleteLocationCategory();
  const confirmDelete = useDeleteDialog();
  return {
    add: async (name, parentId) =>
      (
        await notify.run(() => create.mutateAsync({ name: name.trim(), parentId }), {
          loading: t('common.adding'),
          success: t('categories.added'),
        })
      ).ok,
    rename: async (id, name) =>
      (
        await notify.run(() => rename.mutateAsync({ id, name: name.trim() }), {
          loading: t('common.updating'),
          success: t('categories.renamed'),
        })
      ).ok,
    askDelete: (category, onDeleted) =>
      confirmDelete.ask({
        type: 'category_layer',
        item: category.name,
        run: async () => {
          const result = await notify.run(() => remove.mutateAsync(category.id), {
            loading: t('common.deleting'),
            success: t('categories.deleted', { name: category.name }),
          });
          if (result.ok) onDeleted?.();
          return result.ok;
        },
      }),
    deleteDialogProps: confirmDelete.dialogProps,
  };
}

function LocationItems({ data }: { data: LocationCategoryColumn }) {
  const { t } = useTranslation();
  return data.locations.map((location) => (
    <ListItem
      key={`l-${location.id}`}
      data-testid={`loc-cat-location-${location.id}`}
      sx={{ opacity: location.is_active ? 1 : 0.6 }}
    >
      <ListItemIcon sx={{ minWidth: 32 }}>
        <PlaceOutlined fontSize="small" />
      </ListItemIcon>
      <ListItemText
        primary={location.name}
        secondary={location.is_active ? undefined : t('locations.inactive')}
        slotProps={{ primary: { noWrap: true, title: location.name } }}
      />
    </ListItem>
  ));
}

/**
 * The location categories as layers, column by column like the topic finder: each column lists
 * the layers under the one opened and the locations filed there.
 */
export function LocationCategoryBrowser() {
  const { t } = useTranslation();
  const tree = useLocationCategoryTree();
  const actions = useLayerActions();
  const knownIds = tree.data ? new Set(flattenCategoryTree(tree.data).map((c) => c.category_id)) : null;
  return (
    <LayeredColumns<LocationCategoryColumn, LocationCategory>
      useColumn={useLocationCategoryColumn}
      categoriesOf={(data) => data.categories}
      renderItems={(data) => <LocationItems data={data} />}
      hasItems={(data) => data.locations.length > 0}
      secondary={(category) => t('locations.categories.count', { count: category.location_count })}
      knownIds={knownIds}
      actions={actions}
      rootTitle={t('locations.categories.root')}
      emptyText={t('locations.categories.empty')}
      errorText={(error) => errorMessage(error, t('errors.unknown'))}
      testIdPrefix="loc-cat"
      ariaLabel={t('locations.categories.title')}
    />
  );
}
