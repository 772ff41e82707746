import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import QuestionAnswerOutlined from '@mui/icons-material/QuestionAnswerOutlined';
import type { Category, ColumnFinder } from '@ambassador/contracts';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/shared/api/api-error';
import { LayeredColumns } from '@/shared/ui/layered-columns';
import { useColumnFinder } from '../api/get-column-finder';
import { useCategories } from '../api/get-categories';
import { topicsHeld } from './category-tree';
import { useCategoryActions } from './use-category-actions';

function TopicItems({ data }: { data: ColumnFinder }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return data.intents.map((topic) => (
    <ListItem key={`t-${topic.id}`} disablePadding>
      <ListItemButton
        onClick={() => void navigate(`/ai/keyword/question/${topic.id}`)}
        data-testid={`finder-topic-${topic.id}`}
        data-active={topic.is_activated ? 'true' : 'false'}
        sx={{ opacity: topic.is_activated ? 1 : 0.55 }}
      >
        <ListItemIcon sx={{ minWidth: 32 }}>
          <QuestionAnswerOutlined fontSize="small" />
        </ListItemIcon>
        <ListItemText
          primary={topic.name}
          secondary={
            [
              topic.is_activated ? null : t('ai.finder.inactive'),
              topic.sub_topic_count > 0
                ? t('ai.finder.sub_topic_count', { count: topic.sub_topic_count })
                : null,
            ]
              .filter(Boolean)
              .join(' · ') || undefined
          }
          slotProps={{ primary: { noWrap: true, title: topic.name } }}
        />
      </ListItemButton>
    </ListItem>
  ));
}

/**
 * Finder-like column browser: the first column holds root categories and root topics; opening a
 * category adds a column with its sub-categories and topics. Topics open their page.
 */
export function ColumnBrowser() {
  const { t } = useTranslation();
  const actions = useCategoryActions();
  const categories = useCategories();
  const knownIds = categories.data ? new Set(categories.data.map((c) => c.category_id)) : null;

  return (
    <LayeredColumns<ColumnFinder, Category>
      useColumn={useColumnFinder}
      categoriesOf={(data) => data.categories}
      renderItems={(data) => <TopicItems data={data} />}
      hasItems={(data) => data.intents.length > 0}
      secondary={(category) => t('categories.topic_count', { count: category.topic_count })}
      knownIds={knownIds}
      actions={actions}
      deleteRefusal={(id) => {
        const held = topicsHeld(categories.data ?? [], id);
        return held > 0 ? t('categories.delete_holds', { count: held }) : null;
      }}
      rootTitle={t('ai.finder.root')}
      emptyText={t('ai.finder.column_empty')}
      errorText={(error) => errorMessage(error, t('errors.unknown'))}
      testIdPrefix="finder"
    />
  );
}
