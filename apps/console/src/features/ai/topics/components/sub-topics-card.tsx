import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import ChevronRight from '@mui/icons-material/ChevronRight';
import type { TopicRef } from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { topicPath } from '../dialogs/topic-dialog';

/** Sub topics of a topic, each opening its page, and "Add sub topic". */
export function SubTopicsCard({ topics, onAdd }: { topics: TopicRef[] | undefined; onAdd: () => void }) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="subtopics">
      <Box sx={{ display: 'flex', alignItems: 'center', mb: 1 }}>
        <Typography variant="h6" component="h2" sx={{ fontSize: 18, flex: 1 }}>
          {t('topics.page.sub_topics')}
        </Typography>
        <Button size="small" startIcon={<AddIcon />} onClick={onAdd} data-testid="subtopic-add">
          {t('topics.add_sub')}
        </Button>
      </Box>
      {topics && topics.length > 0 ? (
        <List dense disablePadding>
          {topics.map((child) => (
            <ListItem key={child.id} disablePadding>
              <ListItemButton
                component={RouterLink}
                to={topicPath(child.id)}
                data-testid={`subtopic-link-${child.id}`}
              >
                <ListItemText primary={child.name} />
                <ChevronRight fontSize="small" color="action" />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {t('topics.page.no_sub_topics')}
        </Typography>
      )}
    </Paper>
  );
}
