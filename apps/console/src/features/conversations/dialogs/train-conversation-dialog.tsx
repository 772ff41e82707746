import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Conversation, TopicRef } from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/shared/api/api-error';
import { FormDialog } from '@/shared/ui/form-dialog';
import { useChanged } from '@/shared/ui/quit-editing-dialog';
import { TopicAutocomplete } from '@/shared/ui/topic-autocomplete';
import { notify } from '@/shared/ui/snackbar/snackbar-store';
import { useTopicSuggestions, type TopicSuggestion } from '../api/get-topic-suggestions';
import { useTrainConversation } from '../api/train-conversation';
import { SEARCH_DEBOUNCE_MS } from '../components/conversation-filters';
import { useDebouncedValue } from '@/shared/lib/use-debounced-value';

export type TrainConversationDialogProps = {
  open: boolean;
  conversation: Conversation;
  onClose: () => void;
};

type Option = TopicRef & { category_name?: string };

/**
 * Train existing topic: the visitor's question is taught to a topic of the device it was
 * asked on. Mount with a fresh `key` each time it opens.
 */
export function TrainConversationDialog({ open, conversation, onClose }: TrainConversationDialogProps) {
  const { t } = useTranslation();
  const train = useTrainConversation();
  const [chosen, setChosen] = useState<Option | null>(null);
  const [search, setSearch] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const dirty = useChanged({ chosen, search });

  const debounced = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  // Once a topic is chosen its name is in the box: no need to look it up again.
  const lookup = chosen && search === chosen.name ? '' : debounced;
  const suggestions = useTopicSuggestions(conversation.device_id, lookup);
  const options: Option[] = (suggestions.data ?? []).map((s: TopicSuggestion) => ({
    id: s.id,
    name: s.name,
    category_name: s.category_name,
  }));
  if (chosen && !options.some((o) => o.id === chosen.id)) options.unshift(chosen);
  const topicError = submitted && !chosen ? t('conversations.train.topic_required') : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    setSubmitted(true);
    if (!chosen) return;
    setSubmitting(true);
    const target = chosen;
    const result = await notify.run(
      () =>
        train.mutateAsync({ id: conversation.id, intent_id: target.id, device_id: conversation.device_id }),
      {
        loading: t('conversations.train.training'),
        success: (row) => t('conversations.train.trained', { name: row.trained_intent?.name ?? target.name }),
        error: (e) => errorMessage(e, t('errors.unknown')),
      },
    );
    setSubmitting(false);
    if (result.ok) onClose();
  };

  return (
    <FormDialog
      open={open}
      dirty={dirty}
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
      submitting={submitting}
      title={t('conversations.train.title')}
      testId="train-conversation-dialog"
      width={480}
      submitLabel={t('conversations.train.confirm')}
      submitTestId="train-conversation-confirm"
    >
      <Box>
        <Typography variant="caption" color="text.secondary" component="div">
          {t('conversations.train.question', { device: conversation.device_name })}
        </Typography>
        <Box
          data-testid="train-conversation-question"
          sx={{
            mt: 0.5,
            p: 1.5,
            borderRadius: 1,
            bgcolor: 'action.hover',
            borderLeft: 3,
            borderColor: 'primary.main',
            whiteSpace: 'pre-wrap',
            overflowWrap: 'anywhere',
            maxHeight: 160,
            overflowY: 'auto',
          }}
        >
          {conversation.acquire}
        </Box>
        {conversation.intent_identified && (
          <Typography variant="caption" color="text.secondary" component="div" sx={{ mt: 0.5 }}>
            {t('conversations.train.matched', { name: conversation.intent_identified })}
          </Typography>
        )}
      </Box>
      {conversation.trained_intent && (
        <Alert severity="info" data-testid="train-conversation-already">
          {t('conversations.train.already', { name: conversation.trained_intent.name })}
        </Alert>
      )}
      <TopicAutocomplete
        value={chosen}
        onChange={setChosen}
        search={search}
        onSearch={setSearch}
        options={options}
        loading={suggestions.isFetching}
        label={t('conversations.train.topic')}
        hint={t('conversations.train.topic_hint')}
        noMatches={t('conversations.train.no_topics')}
        searched={Boolean(debounced)}
        error={topicError}
        autoFocus
        testId="train-conversation-topic"
        optionTestId="train-conversation-option"
      />
    </FormDialog>
  );
}
