import { MAX_LOCATIONS, type LocationImportReport } from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';
import { XlsxImportDialog } from '@/shared/ui/xlsx-import-dialog';
import { useImportLocations } from '../api/locations-api';

type Row = LocationImportReport['rows'][number];

/**
 * Import locations from a workbook (the export's columns): a preview of what it would do, then
 * Apply. Mounted afresh (a new `key`) each time it opens.
 */
export function LocationImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const run = useImportLocations();
  return (
    <XlsxImportDialog<Row>
      open={open}
      onClose={onClose}
      run={run}
      testId="location-import"
      rowKey={(row) => row.row}
      columns={[
        { header: t('locations.import.id'), render: (row) => row.id ?? '—' },
        { header: t('locations.columns.name'), render: (row) => row.name },
        {
          header: t('locations.import.action'),
          render: (row) => t(`locations.import.actions_${row.action}`),
        },
      ]}
      texts={{
        title: t('locations.import.title'),
        hint: t('locations.import.hint', { max: MAX_LOCATIONS.toLocaleString() }),
        choose: t('locations.import.choose'),
        other: t('locations.import.other'),
        checking: t('locations.import.checking'),
        failed: t('locations.import.failed'),
        importing: t('locations.import.importing'),
        imported: (r) => t('locations.import.imported', { add: r.add, update: r.update }),
        notImported: t('locations.import.not_imported'),
        toAdd: (count) => t('locations.import.to_add', { count }),
        toUpdate: (count) => t('locations.import.to_update', { count }),
        unchanged: (count) => t('locations.import.unchanged', { count }),
        problems: (count) => t('locations.import.problems', { count }),
        fixFirst: t('locations.import.fix_first'),
        problemsTable: t('locations.import.problems_table'),
        rowsTable: t('locations.import.rows_table'),
        row: t('locations.import.row'),
        column: t('locations.import.column'),
        problem: t('locations.import.problem'),
        apply: t('locations.import.apply'),
      }}
    />
  );
}
