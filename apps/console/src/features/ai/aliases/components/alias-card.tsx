import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined';
import Search from '@mui/icons-material/Search';
import type { AliasFinder, Language, TopicRef } from '@ambassador/contracts';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/shared/api/api-error';
import { useAliasFinder } from '../api/get-alias-finder';
import { AddAliasField } from './add-alias-field';
import { useDebouncedValue } from '@/shared/lib/use-debounced-value';
import { Spinner } from '@/shared/ui/spinner';

const SEARCH_DEBOUNCE_MS = 300;

type KeywordGroup = { keyword: string; languages: Language[]; aliases: string[] };

/** The same keyword in several languages shares one alias list: show it once. */
function groupKeywords(keywords: AliasFinder['keywords']): KeywordGroup[] {
  const groups = new Map<string, KeywordGroup>();
  for (const item of keywords) {
    const group = groups.get(item.keyword);
    if (group) {
      if (!group.languages.includes(item.language)) group.languages.push(item.language);
      for (const alias of item.aliases) if (!group.aliases.includes(alias)) group.aliases.push(alias);
    } else {
      groups.set(item.keyword, {
        keyword: item.keyword,
        languages: [item.language],
        aliases: [...item.aliases],
      });
    }
  }
  return [...groups.values()];
}

function KeywordAliases({ group }: { group: KeywordGroup }) {
  const { t } = useTranslation();
  return (
    <Box
      data-testid={`alias-card-keyword-${group.keyword}`}
      sx={{ py: 1, borderBottom: 1, borderColor: 'divider', '&:last-of-type': { borderBottom: 0 } }}
    >
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 0.5, flexWrap: 'wrap' }}>
        <Typography sx={{ fontWeight: 600, fontSize: 14 }}>{group.keyword}</Typography>
        <Typography variant="caption" color="text.secondary">
          {group.languages.map((language) => t(`languages.${language}`)).join(', ')}
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, my: 0.75 }}>
        {group.aliases.length === 0 ? (
          <Typography variant="caption" color="text.secondary">
            {t('aliases.none')}
          </Typography>
        ) : (
          group.aliases.map((alias) => <Chip key={alias} size="small" label={alias} />)
        )}
      </Box>
      <AddAliasField
        keyword={group.keyword}
        aliases={group.aliases}
        inputTestId={`alias-card-input-${group.keyword}`}
        addTestId={`alias-card-add-${group.keyword}`}
      />
    </Box>
  );
}

function TopicKeywords({ topic, onBack }: { topic: TopicRef; onBack: () => void }) {
  const { t } = useTranslation();
  const finder = useAliasFinder({ intent_id: topic.id });
  const groups = groupKeywords(finder.data?.keywords ?? []);
  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mb: 0.5 }}>
        <IconButton
          size="small"
          onClick={onBack}
          aria-label={t('aliases.back')}
          data-testid="alias-card-back"
        >
          <ArrowBack fontSize="small" />
        </IconButton>
        <Link
          component={RouterLink}
          to={`/ai/keyword/question/${topic.id}`}
          sx={{ fontWeight: 600, fontSize: 14, minWidth: 0 }}
          noWrap
        >
          {topic.name}
        </Link>
      </Box>
      {finder.isPending ? (
        [0, 1].map((i) => <Skeleton key={i} height={48} />)
      ) : finder.isError ? (
        <Typography variant="body2" color="error">
          {errorMessage(finder.error, t('errors.unknown'))}
        </Typography>
      ) : groups.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('aliases.topic_no_keywords')}
        </Typography>
      ) : (
        groups.map((group) => <KeywordAliases key={group.keyword} group={group} />)
      )}
    </Box>
  );
}

/** Right-bar alias card: find a topic, see its keywords' aliases, add one. */
export function AliasCard() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [topic, setTopic] = useState<TopicRef | null>(null);
  const debounced = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  // Nothing is asked before there is something to look for: the card is mounted with the shell.
  const topics = useAliasFinder({ search: debounced }, debounced !== '' && topic === null);

  return (
    <Card data-testid="right-bar-alias">
      <CardContent sx={{ '&:last-child': { pb: 2 } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
          <LocalOfferOutlined color="primary" />
          <Typography sx={{ fontWeight: 600, flex: 1 }}>{t('right_bar.alias_title')}</Typography>
          <Button component={RouterLink} to="/ai/alias" size="small" data-testid="alias-card-all">
            {t('aliases.see_all')}
          </Button>
        </Box>
        {topic ? (
          <TopicKeywords topic={topic} onBack={() => setTopic(null)} />
        ) : (
          <>
            <TextField
              size="small"
              data-testid="alias-card-search"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              placeholder={t('aliases.card_search')}
              slotProps={{
                htmlInput: { 'aria-label': t('aliases.card_search') },
                input: {
                  startAdornment: (
                    <InputAdornment position="start">
                      <Search fontSize="small" />
                    </InputAdornment>
                  ),
                  endAdornment: topics.isFetching ? <Spinner size={16} /> : undefined,
                },
              }}
            />
            {debounced === '' ? (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                {t('aliases.card_hint')}
              </Typography>
            ) : topics.isError ? (
              <Typography variant="body2" color="error" sx={{ mt: 1 }}>
                {errorMessage(topics.error, t('errors.unknown'))}
              </Typography>
            ) : topics.data && topics.data.intents.length === 0 ? (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                {t('aliases.card_no_topics')}
              </Typography>
            ) : (
              <List dense disablePadding sx={{ mt: 0.5, maxHeight: 320, overflowY: 'auto' }}>
                {(topics.data?.intents ?? []).map((item) => (
                  <ListItem key={item.id} disablePadding>
                    <ListItemButton
                      onClick={() => setTopic(item)}
                      data-testid={`alias-card-topic-${item.id}`}
                      sx={{ borderRadius: 1 }}
                    >
                      <ListItemText primary={item.name} slotProps={{ primary: { noWrap: true } }} />
                    </ListItemButton>
                  </ListItem>
                ))}
              </List>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
