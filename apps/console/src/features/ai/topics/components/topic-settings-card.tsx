import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import FormHelperText from '@mui/material/FormHelperText';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import { ZUpdateTopicRequest, type AvatarMotion, type Topic } from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';
import { notify } from '@/shared/ui/snackbar/snackbar-store';
import { useAvatarMotion } from '../api/get-avatar-motion';
import { useCategories } from '../api/get-categories';
import { useUpdateAvatarMotion } from '../api/update-avatar-motion';
import { useUpdateTopic } from '../api/update-topic';
import { translateIssue } from '@/shared/lib/rule-message';
import { aiErrorMessage } from '@/features/ai/common/lib/ai-errors';
import { AsyncSwitch } from '@/shared/ui/async-switch';
import { TopicMotionPreview } from './topic-motion-preview';
import { categoryTreeRows } from './category-tree';

function SwitchRow({ label, hint, children }: { label: string; hint: string; children: React.ReactNode }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <Box sx={{ flex: 1 }}>
        <Typography variant="body2" sx={{ fontWeight: 500 }}>
          {label}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {hint}
        </Typography>
      </Box>
      {children}
    </Box>
  );
}

const NONE = '';

/** The settings of a question topic: switches, category, remarks, avatar motion, delete. */
export function TopicSettingsCard({ topic, onDelete }: { topic: Topic; onDelete: () => void }) {
  const { t } = useTranslation();
  const updateTopic = useUpdateTopic();
  const categories = useCategories();
  const motion = useAvatarMotion(topic.id);
  const updateMotion = useUpdateAvatarMotion();
  const [remarks, setRemarks] = useState(topic.remarks);
  const [remarksError, setRemarksError] = useState<string | null>(null);
  const [savingRemarks, setSavingRemarks] = useState(false);
  const [pendingCategory, setPendingCategory] = useState<number | null>(null);
  const [seenRemarks, setSeenRemarks] = useState(topic.remarks);
  if (topic.remarks !== seenRemarks) {
    // Saved elsewhere (or just now): show the saved text.
    setSeenRemarks(topic.remarks);
    setRemarks(topic.remarks);
  }

  const update = async (body: Omit<Parameters<typeof updateTopic.mutateAsync>[0], 'id'>, success: string) => {
    const result = await notify.run(() => updateTopic.mutateAsync({ id: topic.id, ...body }), {
      loading: t('common.updating'),
      success,
      error: (e) => aiErrorMessage(e, t),
    });
    return result.ok;
  };

  const changeCategory = async (categoryId: number) => {
    if (pendingCategory !== null || categoryId === topic.category_id) return;
    setPendingCategory(categoryId);
    await update({ category_id: categoryId }, t('topics.page.category_updated'));
    setPendingCategory(null);
  };

  const saveRemarks = async () => {
    if (savingRemarks) return;
    const check = ZUpdateTopicRequest.shape.remarks.safeParse(remarks);
    if (!check.success) {
      setRemarksError(translateIssue(t, check.error.issues[0]!));
      return;
    }
    setSavingRemarks(true);
    await update({ remarks: check.data ?? '' }, t('topics.page.remarks_saved'));
    setSavingRemarks(false);
  };

  const changeMotion = (value: string) => {
    if (updateMotion.isPending) return;
    const next = value === NONE ? null : (value as AvatarMotion);
    void notify.run(() => updateMotion.mutateAsync({ intent_id: topic.id, motion: next }), {
      loading: t('common.updating'),
      success: t('topics.motion.updated'),
      error: (e) => aiErrorMessage(e, t),
    });
  };

  const isSub = topic.parent_id !== null;
  const rows = categoryTreeRows(categories.data ?? []);
  const currentMotion = updateMotion.isPending
    ? (updateMotion.variables?.motion ?? NONE)
    : (motion.data?.motion ?? topic.avatar_motion ?? NONE);
  const gestures = motion.data?.gestures ?? [];
  const idle = motion.data?.idle_motions ?? [];

  return (
    <Paper variant="outlined" sx={{ p: 2, display: 'grid', gap: 2 }} data-testid="topic-settings">
      <Typography variant="h6" component="h2" sx={{ fontSize: 18 }}>
        {t('topics.page.settings')}
      </Typography>
      <SwitchRow label={t('topics.page.active')} hint={t('topics.page.active_hint')}>
        <AsyncSwitch
          checked={topic.is_activated}
          label={t('topics.page.active')}
          testId="question-active-toggle"
          onChange={(next) =>
            update({ is_activated: next }, next ? t('topics.activated') : t('topics.deactivated'))
          }
        />
      </SwitchRow>
      <SwitchRow label={t('topics.page.related')} hint={t('topics.page.related_hint')}>
        <AsyncSwitch
          checked={topic.is_enabled_related_intents}
          label={t('topics.page.related')}
          testId="question-related-toggle"
          onChange={(next) =>
            update(
              { is_enabled_related_intents: next },
              next ? t('topics.page.related_on') : t('topics.page.related_off'),
            )
          }
        />
      </SwitchRow>
      <Divider />
      {isSub ? (
        <TextField
          size="small"
          label={t('topics.page.category_inherited')}
          value={topic.category_name}
          slotProps={{ input: { readOnly: true } }}
        />
      ) : (
        <TextField
          select
          size="small"
          label={t('topics.fields.category')}
          value={pendingCategory ?? topic.category_id}
          disabled={pendingCategory !== null}
          onChange={(event) => void changeCategory(Number(event.target.value))}
          slotProps={{
            select: {
              SelectDisplayProps: { 'data-testid': 'question-category' } as object,
              MenuProps: { slotProps: { paper: { sx: { maxHeight: 320 } } } },
            },
          }}
        >
          {rows.length === 0 && <MenuItem value={topic.category_id}>{topic.category_name}</MenuItem>}
          {rows.map(({ category, depth }) => (
            <MenuItem key={category.category_id} value={category.category_id} sx={{ pl: 2 + depth * 2 }}>
              {category.category_name}
            </MenuItem>
          ))}
        </TextField>
      )}
      <Box sx={{ display: 'grid', gap: 1 }}>
        <TextField
          size="small"
          label={t('topics.fields.remarks')}
          value={remarks}
          onChange={(event) => {
            setRemarks(event.target.value);
            setRemarksError(null);
          }}
          multiline
          minRows={2}
          error={Boolean(remarksError)}
          helperText={remarksError}
          slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'question-remarks' } }}
        />
        <Box>
          <Button
            size="small"
            variant="outlined"
            onClick={() => void saveRemarks()}
            disabled={savingRemarks || remarks.trim() === topic.remarks}
            data-testid="question-remarks-save"
          >
            {t('topics.page.save_remarks')}
          </Button>
        </Box>
      </Box>
      <Divider />
      <Box>
        <TextField
          select
          size="small"
          fullWidth
          label={t('topics.motion.label')}
          value={currentMotion}
          disabled={updateMotion.isPending || motion.isLoading}
          onChange={(event) => changeMotion(event.target.value)}
          slotProps={{
            select: {
              displayEmpty: true,
              SelectDisplayProps: { 'data-testid': 'question-motion' } as object,
            },
            inputLabel: { shrink: true },
          }}
        >
          <MenuItem value={NONE}>{t('topics.motion.none')}</MenuItem>
          {gestures.length > 0 && <ListSubheader>{t('topics.motion.gestures')}</ListSubheader>}
          {gestures.map((name) => (
            <MenuItem key={name} value={name} data-testid={`question-motion-option-${name}`}>
              {t(`avatar_motions.${name}`)}
            </MenuItem>
          ))}
          {idle.length > 0 && <ListSubheader>{t('topics.motion.idle')}</ListSubheader>}
          {idle.map((name) => (
            <MenuItem key={name} value={name} data-testid={`question-motion-option-${name}`}>
              {t(`avatar_motions.${name}`)}
            </MenuItem>
          ))}
        </TextField>
        <FormHelperText>{t('topics.motion.note')}</FormHelperText>
        <TopicMotionPreview topicId={topic.id} motion={currentMotion === NONE ? null : currentMotion} />
      </Box>
      <Divider />
      <Box>
        <Button
          color="error"
          variant="outlined"
          startIcon={<DeleteOutlined />}
          onClick={onDelete}
          data-testid="question-delete"
        >
          {t('topics.page.delete')}
        </Button>
        <FormHelperText>{t('topics.page.delete_hint')}</FormHelperText>
      </Box>
    </Paper>
  );
}
