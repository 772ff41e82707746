import { DIRECTORY_MAX_UNITS, type DirectoryImportReport } from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';
import { XlsxImportDialog } from '@/shared/ui/xlsx-import-dialog';
import { useImportDirectory } from '../api/directory';

type Row = DirectoryImportReport['rows'][number];

/**
 * Import a directory workbook: choose the file, see what it would do (units to add, to update,
 * unchanged; each bad row with its problem), then apply it. Mounted afresh (a new `key`) each time
 * it opens.
 */
export function DirectoryImportDialog({
  open,
  deviceId,
  onClose,
}: {
  open: boolean;
  deviceId: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const run = useImportDirectory();
  return (
    <XlsxImportDialog<Row>
      open={open}
      onClose={onClose}
      run={{
        mutateAsync: ({ file, mode }) => run.mutateAsync({ deviceId, file, mode }),
        isPending: run.isPending,
      }}
      testId="directory-import"
      rowKey={(row) => row.row}
      columns={[
        { header: t('interface.directory.unit'), render: (row) => row.unit },
        { header: t('interface.directory.name'), render: (row) => row.name },
        {
          header: t('interface.directory.action'),
          render: (row) => t(`interface.directory.actions_${row.action}`),
        },
      ]}
      texts={{
        title: t('interface.directory.import_title'),
        hint: t('interface.directory.import_hint', { max: DIRECTORY_MAX_UNITS.toLocaleString() }),
        choose: t('interface.directory.import_choose'),
        other: t('interface.directory.import_other'),
        checking: t('interface.directory.checking'),
        failed: t('interface.directory.import_failed'),
        importing: t('interface.directory.importing'),
        imported: (r) => t('interface.directory.imported', { add: r.add, update: r.update }),
        notImported: t('interface.directory.not_imported'),
        toAdd: (count) => t('interface.directory.to_add', { count }),
        toUpdate: (count) => t('interface.directory.to_update', { count }),
        unchanged: (count) => t('interface.directory.unchanged', { count }),
        problems: (count) => t('interface.directory.problems', { count }),
        fixFirst: t('interface.directory.fix_first'),
        problemsTable: t('interface.directory.problems_table'),
        rowsTable: t('interface.directory.rows_table'),
        row: t('interface.directory.row'),
        column: t('interface.directory.column'),
        problem: t('interface.directory.problem'),
        apply: t('interface.directory.apply'),
      }}
    />
  );
}
