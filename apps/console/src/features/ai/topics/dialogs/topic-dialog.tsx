import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ZCreateTopicRequest, ZUpdateTopicRequest, type Topic, type TopicRef } from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '@/shared/api/api-error';
import { FormDialog } from '@/shared/ui/form-dialog';
import { useChanged } from '@/shared/ui/quit-editing-dialog';
import { notify } from '@/shared/ui/snackbar/snackbar-store';
import { useAiDeviceId } from '@/features/ai/common/api/ai-keys';
import { useCreateTopic } from '../api/create-topic';
import { useAutoComplete } from '../api/get-auto-complete';
import { useUpdateTopic } from '../api/update-topic';
import { CategorySelect } from '../components/category-select';
import { translateIssue } from '@/shared/lib/rule-message';
import { aiErrorMessage } from '@/features/ai/common/lib/ai-errors';
import { useDebouncedValue } from '@/shared/lib/use-debounced-value';

/** Suggestions are searched after a 500 ms pause in typing, not on every key. */
export const SUGGESTION_DEBOUNCE_MS = 500;

export type TopicDialogProps = {
  open: boolean;
  /** Edit this topic; without it the dialog adds one. */
  topic?: Topic;
  /** Add a sub topic under this topic (it takes the parent's category). */
  parent?: TopicRef;
  /** Category preselected when adding a top-level topic. */
  defaultCategoryId?: number;
  onClose: () => void;
};

type Field = 'name' | 'category_id' | 'remarks';
type Form = { name: string; category_id: number | ''; remarks: string };

export function topicPath(id: number): string {
  return `/ai/keyword/question/${id}`;
}

/**
 * Question topic add/edit: name with suggestions of existing topics, category (top-level
 * topics only), remarks. Width 400. Mount it with a fresh `key` each time it opens.
 */
export function TopicDialog({ open, topic, parent, defaultCategoryId, onClose }: TopicDialogProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const deviceId = useAiDeviceId();
  const createTopic = useCreateTopic();
  const updateTopic = useUpdateTopic();

  const editing = topic !== undefined;
  const isSub = editing ? topic.parent_id !== null : parent !== undefined;
  const [form, setForm] = useState<Form>(() => ({
    name: topic?.intent_name ?? '',
    category_id: topic?.category_id ?? defaultCategoryId ?? '',
    remarks: topic?.remarks ?? '',
  }));
  const [submitted, setSubmitted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [nameTaken, setNameTaken] = useState<string | null>(null);
  const dirty = useChanged(form);

  const searchText = useDebouncedValue(form.name.trim(), SUGGESTION_DEBOUNCE_MS);
  const suggestions = useAutoComplete(open ? searchText : '');
  const suggestionList =
    searchText && form.name.trim() ? (suggestions.data ?? []).filter((s) => s.id !== topic?.id) : [];

  const validate = (): Partial<Record<Field, string>> => {
    const errors: Partial<Record<Field, string>> = {};
    const result = editing
      ? ZUpdateTopicRequest.safeParse({
          device_id: deviceId ?? 1,
          id: topic.id,
          name: form.name,
          remarks: form.remarks,
          ...(form.category_id !== '' && { category_id: form.category_id }),
        })
      : ZCreateTopicRequest.safeParse({
          device_id: deviceId ?? 1,
          name: form.name,
          remarks: form.remarks,
          parent_id: isSub ? parent?.id : null,
          category_id: isSub || form.category_id === '' ? null : form.category_id,
        });
    if (!result.success) {
      for (const issue of result.error.issues) {
        const field = issue.path[0];
        if ((field === 'name' || field === 'category_id' || field === 'remarks') && !errors[field]) {
          errors[field] = translateIssue(t, issue);
        }
      }
    }
    // A top-level topic always needs its category, also when edited.
    if (!isSub && form.category_id === '' && !errors.category_id) {
      errors.category_id = t('rules.select_category');
    }
    return errors;
  };
  const errors = submitted ? validate() : {};
  const nameError = errors.name ?? nameTaken;

  const set = <K extends keyof Form>(key: K, value: Form[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    if (key === 'name') setNameTaken(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    setSubmitted(true);
    if (Object.keys(validate()).length > 0) return;
    setSubmitting(true);
    const onError = (error: unknown) => {
      if (error instanceof ApiError && error.code === 'topic_name_taken')
        setNameTaken(aiErrorMessage(error, t));
      return aiErrorMessage(error, t);
    };
    if (editing) {
      const result = await notify.run(
        () =>
          updateTopic.mutateAsync({
            id: topic.id,
            name: form.name.trim(),
            remarks: form.remarks.trim(),
            ...(!isSub && form.category_id !== '' && { category_id: form.category_id }),
          }),
        { loading: t('common.updating'), success: t('topics.updated'), error: onError },
      );
      setSubmitting(false);
      if (result.ok) onClose();
      return;
    }
    const result = await notify.run(
      () =>
        createTopic.mutateAsync({
          name: form.name.trim(),
          remarks: form.remarks.trim(),
          ...(isSub && parent
            ? { parent_id: parent.id }
            : { category_id: form.category_id === '' ? null : form.category_id }),
        }),
      {
        loading: t('common.adding'),
        success: isSub ? t('topics.sub_added') : t('topics.added'),
        error: onError,
      },
    );
    setSubmitting(false);
    if (!result.ok) return;
    onClose();
    // A new sub topic opens its page; a new top-level topic only refreshes the list.
    if (isSub) void navigate(topicPath(result.data.id));
  };

  const cancel = () => {
    if (!submitting) onClose();
  };

  const openSuggestion = (id: number) => {
    onClose();
    void navigate(topicPath(id));
  };

  const title = editing
    ? isSub
      ? t('topics.dialog.edit_sub_title')
      : t('topics.dialog.edit_title')
    : isSub
      ? t('topics.dialog.add_sub_title')
      : t('topics.dialog.add_title');

  return (
    <FormDialog
      open={open}
      dirty={dirty}
      onClose={cancel}
      onSubmit={(event) => void submit(event)}
      submitting={submitting}
      title={title}
      testId="topic-dialog"
      width={400}
      dataAttributes={{ 'data-mode': editing ? 'edit' : 'add' }}
      submitLabel={editing ? t('common.save') : t('common.add')}
    >
      {isSub && !editing && parent && (
        <Typography variant="body2" color="text.secondary">
          {t('topics.dialog.sub_of', { parent: parent.name })}
        </Typography>
      )}
      <Box>
        <TextField
          label={t('topics.fields.name')}
          value={form.name}
          onChange={(event) => set('name', event.target.value)}
          required
          fullWidth
          autoFocus
          autoComplete="off"
          error={Boolean(nameError)}
          helperText={nameError ?? undefined}
          slotProps={{ htmlInput: { 'data-testid': 'topic-name', maxLength: 120 } }}
        />
        {suggestionList.length > 0 && (
          <Paper variant="outlined" sx={{ mt: 1 }} data-testid="topic-suggestions">
            <Typography variant="caption" color="text.secondary" sx={{ display: 'block', px: 1.5, pt: 1 }}>
              {t('topics.dialog.suggestions')}
            </Typography>
            <List dense sx={{ maxHeight: 200, overflowY: 'auto' }}>
              {suggestionList.map((suggestion) => (
                <ListItem key={suggestion.id} disablePadding>
                  <ListItemButton
                    onClick={() => openSuggestion(suggestion.id)}
                    data-testid={`topic-suggestion-${suggestion.id}`}
                  >
                    <ListItemText primary={suggestion.name} secondary={suggestion.category_name} />
                  </ListItemButton>
                </ListItem>
              ))}
            </List>
          </Paper>
        )}
      </Box>
      {!isSub && (
        <CategorySelect
          value={form.category_id}
          onChange={(id) => set('category_id', id)}
          testId="topic-category"
          required
          error={errors.category_id}
        />
      )}
      <TextField
        label={t('topics.fields.remarks')}
        value={form.remarks}
        onChange={(event) => set('remarks', event.target.value)}
        multiline
        minRows={2}
        error={Boolean(errors.remarks)}
        helperText={errors.remarks}
        slotProps={{ htmlInput: { 'data-testid': 'topic-remarks', maxLength: 500 } }}
      />
    </FormDialog>
  );
}
