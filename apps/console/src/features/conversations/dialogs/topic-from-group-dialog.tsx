import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { Category, FallbackGroup } from '@ambassador/contracts';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/shared/api/api-error';
import { FormDialog } from '@/shared/ui/form-dialog';
import { useChanged } from '@/shared/ui/quit-editing-dialog';
import { notify } from '@/shared/ui/snackbar/snackbar-store';
import { useCreateTopicFromGroup } from '../api/create-topic-from-group';
import { useTopicCategories } from '../api/get-topic-categories';

export type TopicFromGroupDialogProps = {
  open: boolean;
  group: FallbackGroup;
  onClose: () => void;
};

/** Topic names have at most this many characters (ZTopicName); a long question is cut to fit. */
const NAME_MAX = 120;

/** "Parent › Child" for every category of the flat tree, in the tree's order. */
function categoryPaths(categories: readonly Category[]) {
  const byId = new Map(categories.map((c) => [c.category_id, c]));
  const path = (c: Category): string => {
    const parent = c.parent_id === null ? undefined : byId.get(c.parent_id);
    return parent ? `${path(parent)} › ${c.category_name}` : c.category_name;
  };
  return categories.map((c) => ({ id: c.category_id, label: path(c) }));
}

/**
 * Create a topic from a group of fallbacks: named after the group's most typical question,
 * filed in a category, taught the questions left ticked. The topic page opens next, to write its
 * answer. Mount with a fresh `key` each time it opens.
 */
export function TopicFromGroupDialog({ open, group, onClose }: TopicFromGroupDialogProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateTopicFromGroup();
  const categories = useTopicCategories(group.device_id, open);
  const paths = categoryPaths(categories.data ?? []);
  const [name, setName] = useState(group.label.slice(0, NAME_MAX));
  const [category, setCategory] = useState<number | ''>('');
  const [ticked, setTicked] = useState<ReadonlySet<number>>(() => new Set(group.questions.map((_, i) => i)));
  const [submitted, setSubmitted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const dirty = useChanged({ name, category, ticked: [...ticked] });
  const chosenCategory = category === '' ? (paths[0]?.id ?? '') : category;

  const nameError = submitted && name.trim() === '' ? t('conversations.groups.name_required') : null;
  const categoryError =
    submitted && chosenCategory === '' ? t('conversations.groups.category_required') : null;
  const questionsError = submitted && ticked.size === 0 ? t('rules.choose_question') : null;

  const toggle = (i: number) =>
    setTicked((s) => {
      const next = new Set(s);
      if (next.has(i)) next.delete(i);
      else next.add(i);
      return next;
    });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    setSubmitted(true);
    if (name.trim() === '' || chosenCategory === '' || ticked.size === 0) return;
    setSubmitting(true);
    const questions = group.questions
      .filter((_, i) => ticked.has(i))
      .map((q) => ({ text: q.text, language: q.language }));
    const result = await notify.run(
      () =>
        create.mutateAsync({
          device_id: group.device_id,
          name: name.trim(),
          category_id: chosenCategory,
          questions,
        }),
      {
        loading: t('conversations.groups.creating'),
        success: (made) => t('conversations.groups.created', { name: made.topic.name, count: made.taught }),
        error: (e) => errorMessage(e, t('errors.unknown')),
      },
    );
    setSubmitting(false);
    if (result.ok) {
      onClose();
      // Its answer is what it still lacks: the topic page is where it is written.
      void navigate(`/ai/keyword/question/${result.data.topic.id}`);
    }
  };

  return (
    <FormDialog
      open={open}
      dirty={dirty}
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
      submitting={submitting}
      title={t('conversations.groups.create_title')}
      testId="topic-from-group-dialog"
      width={560}
      submitLabel={t('conversations.groups.create_confirm')}
      submitTestId="topic-from-group-confirm"
    >
      <TextField
        label={t('conversations.groups.name')}
        value={name}
        onChange={(event) => setName(event.target.value.slice(0, NAME_MAX))}
        error={Boolean(nameError)}
        helperText={nameError ?? t('conversations.groups.name_hint')}
        autoFocus
        fullWidth
        slotProps={{ htmlInput: { 'data-testid': 'topic-from-group-name', maxLength: NAME_MAX } }}
      />
      {categories.isError ? (
        <Alert severity="error">{errorMessage(categories.error, t('errors.unknown'))}</Alert>
      ) : categories.data && paths.length === 0 ? (
        <Alert severity="warning" data-testid="topic-from-group-no-category">
          {t('conversations.groups.no_category', { device: group.device_name })}
        </Alert>
      ) : (
        <TextField
          select
          label={t('conversations.groups.category')}
          value={chosenCategory}
          onChange={(event) => setCategory(Number(event.target.value))}
          error={Boolean(categoryError)}
          helperText={categoryError ?? ' '}
          fullWidth
          disabled={!categories.data}
          slotProps={{
            select: { SelectDisplayProps: { 'data-testid': 'topic-from-group-category' } as object },
          }}
        >
          {paths.map((p) => (
            <MenuItem key={p.id} value={p.id}>
              {p.label}
            </MenuItem>
          ))}
        </TextField>
      )}
      <FormControl error={Boolean(questionsError)} component="fieldset" variant="standard">
        <FormLabel component="legend">
          {t('conversations.groups.phrases', { device: group.device_name })}
        </FormLabel>
        <FormGroup sx={{ maxHeight: 240, overflowY: 'auto', flexWrap: 'nowrap' }}>
          {group.questions.map((q, i) => (
            <FormControlLabel
              key={`${q.language}-${q.text}`}
              control={
                <Checkbox
                  checked={ticked.has(i)}
                  onChange={() => toggle(i)}
                  size="small"
                  slotProps={{ input: { 'data-testid': `topic-from-group-question-${i}` } as object }}
                />
              }
              label={`${q.text} · ${t(`languages.${q.language}`)}`}
              sx={{ overflowWrap: 'anywhere', alignItems: 'flex-start', '& .MuiCheckbox-root': { pt: 0.25 } }}
            />
          ))}
        </FormGroup>
        <FormHelperText>{questionsError ?? t('conversations.groups.phrases_hint')}</FormHelperText>
      </FormControl>
    </FormDialog>
  );
}
