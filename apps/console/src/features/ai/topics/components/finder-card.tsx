import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import AccountTreeOutlined from '@mui/icons-material/AccountTreeOutlined';
import FolderCopyOutlined from '@mui/icons-material/FolderCopyOutlined';
import ViewWeekOutlined from '@mui/icons-material/ViewWeekOutlined';
import { useTranslation } from 'react-i18next';
import { CategoryManagerDialog } from '../dialogs/category-manager-dialog';
import { ColumnBrowser } from './column-browser';
import { FinderDiagram } from './finder-diagram';

type FinderView = 'columns' | 'diagram';

/** Topic finder: column browser or tree diagram, plus the category manager. */
export function FinderCard() {
  const { t } = useTranslation();
  const [view, setView] = useState<FinderView>('columns');
  const [manager, setManager] = useState({ key: 0, open: false });

  return (
    <Card data-testid="finder-card">
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
          <Box sx={{ flex: 1, minWidth: 200 }}>
            <Typography variant="h2" sx={{ fontSize: '1.1rem' }}>
              {t('ai.finder.title')}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {view === 'columns' ? t('ai.finder.columns_hint') : t('ai.finder.diagram_hint')}
            </Typography>
          </Box>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={view}
            onChange={(_event, next: FinderView | null) => next && setView(next)}
            aria-label={t('ai.finder.view')}
          >
            <ToggleButton value="columns" data-testid="finder-view-columns" sx={{ gap: 0.75, px: 1.5 }}>
              <ViewWeekOutlined fontSize="small" />
              {t('ai.finder.columns')}
            </ToggleButton>
            <ToggleButton value="diagram" data-testid="finder-view-diagram" sx={{ gap: 0.75, px: 1.5 }}>
              <AccountTreeOutlined fontSize="small" />
              {t('ai.finder.diagram')}
            </ToggleButton>
          </ToggleButtonGroup>
          <Button
            variant="outlined"
            startIcon={<FolderCopyOutlined />}
            onClick={() => setManager((m) => ({ key: m.key + 1, open: true }))}
            data-testid="category-manager-open"
          >
            {t('categories.manage')}
          </Button>
        </Box>
        {view === 'columns' ? <ColumnBrowser /> : <FinderDiagram />}
      </CardContent>
      <CategoryManagerDialog
        key={manager.key}
        open={manager.open}
        onClose={() => setManager((m) => ({ ...m, open: false }))}
      />
    </Card>
  );
}
