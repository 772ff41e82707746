import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import type { FallbackGroup } from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';
import { RetryAlert } from '@/shared/ui/retry-alert';
import { useFallbackGroups } from '../api/get-fallback-groups';
import { TopicFromGroupDialog } from '../dialogs/topic-from-group-dialog';
import type { DayRange } from '@/shared/lib/day-range';
import { Spinner } from '@/shared/ui/spinner';

/** Questions shown per group until the operator asks for all of them. */
const SHOWN = 5;

export type FallbackGroupsViewProps = {
  deviceIds: number[];
  range: DayRange;
  tz: string;
  /** Why creating a topic is not offered (no access to AI Configuration), if it is not. */
  createDisabledReason?: string | undefined;
};

/**
 * What visitors asked that nothing answered, grouped by meaning, the most asked group first: each
 * group's typical question, how often its questions came, in which languages, and "Create topic".
 */
export function FallbackGroupsView({ deviceIds, range, tz, createDisabledReason }: FallbackGroupsViewProps) {
  const { t } = useTranslation();
  const query = { device_ids: deviceIds.join(','), start_datetime: range.start, end_datetime: range.end, tz };
  const groups = useFallbackGroups(query, deviceIds.length > 0);
  const [dialog, setDialog] = useState<{ key: number; open: boolean; group: FallbackGroup | null }>({
    key: 0,
    open: false,
    group: null,
  });
  const several = deviceIds.length > 1;

  if (deviceIds.length === 0)
    return <Typography color="text.secondary">{t('conversations.empty_no_device')}</Typography>;
  if (groups.isError) return <RetryAlert error={groups.error} onRetry={() => void groups.refetch()} />;
  if (!groups.data)
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 4 }} role="status">
        <Spinner size={20} />
        <Typography color="text.secondary">{t('conversations.groups.loading')}</Typography>
      </Box>
    );
  const { by, questions, truncated } = groups.data;
  const list = groups.data.groups;

  return (
    <Box data-testid="fallback-groups" aria-busy={groups.isFetching} sx={{ display: 'grid', gap: 1.5 }}>
      {by === 'wording' && (
        <Alert severity="info" data-testid="fallback-groups-by-wording">
          {t('conversations.groups.by_wording')}
        </Alert>
      )}
      <Typography variant="body2" color="text.secondary" data-testid="fallback-groups-summary">
        {list.length === 0
          ? t('conversations.groups.empty')
          : t('conversations.groups.summary', { count: questions, groups: list.length })}
        {truncated && ` ${t('conversations.groups.truncated')}`}
      </Typography>
      {list.map((group, i) => (
        <GroupCard
          key={`${group.device_id}-${group.label}`}
          group={group}
          index={i}
          showDevice={several}
          createDisabledReason={createDisabledReason}
          onCreate={() => setDialog((d) => ({ key: d.key + 1, open: true, group }))}
        />
      ))}
      {dialog.group && (
        <TopicFromGroupDialog
          key={dialog.key}
          open={dialog.open}
          group={dialog.group}
          onClose={() => setDialog((d) => ({ ...d, open: false }))}
        />
      )}
    </Box>
  );
}

function GroupCard({
  group,
  index,
  showDevice,
  createDisabledReason,
  onCreate,
}: {
  group: FallbackGroup;
  index: number;
  showDevice: boolean;
  createDisabledReason?: string | undefined;
  onCreate: () => void;
}) {
  const { t } = useTranslation();
  const [all, setAll] = useState(false);
  const shown = all ? group.questions : group.questions.slice(0, SHOWN);
  const languages = [...new Set(group.questions.map((q) => q.language))];
  const headingId = `fallback-group-${index}-label`;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={headingId}
      data-testid={`fallback-group-${index}`}
      sx={{ p: 2, display: 'grid', gap: 1 }}
    >
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <Box sx={{ flex: '1 1 240px', minWidth: 0 }}>
          <Typography variant="subtitle1" component="h2" id={headingId} sx={{ overflowWrap: 'anywhere' }}>
            {group.label}
          </Typography>
          <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', mt: 0.5 }}>
            <Chip
              size="small"
              color="primary"
              label={t('conversations.groups.asked', { count: group.count })}
            />
            {group.questions.length > 1 && (
              <Chip
                size="small"
                variant="outlined"
                label={t('conversations.groups.wordings', { count: group.questions.length })}
              />
            )}
            {languages.map((l) => (
              <Chip key={l} size="small" variant="outlined" label={t(`languages.${l}`)} />
            ))}
            {showDevice && <Chip size="small" variant="outlined" label={group.device_name} />}
          </Box>
          {group.candidate && (
            <Typography variant="caption" color="text.secondary" component="div" sx={{ mt: 0.5 }}>
              {t('conversations.candidate.closest', { name: group.candidate.name })}
            </Typography>
          )}
        </Box>
        <Tooltip title={createDisabledReason ?? ''}>
          <span>
            <Button
              variant="contained"
              size="small"
              startIcon={<AddIcon />}
              onClick={onCreate}
              disabled={Boolean(createDisabledReason)}
              aria-describedby={headingId}
              data-testid={`fallback-group-create-${index}`}
            >
              {t('conversations.groups.create')}
            </Button>
          </span>
        </Tooltip>
      </Box>
      <Box component="ul" sx={{ m: 0, pl: 2.5, display: 'grid', gap: 0.25 }}>
        {shown.map((q) => (
          <Typography
            component="li"
            variant="body2"
            key={`${q.language}-${q.text}`}
            sx={{ overflowWrap: 'anywhere' }}
          >
            {q.text}
            <Typography component="span" variant="body2" color="text.secondary">
              {' · '}
              {t(`languages.${q.language}`)}
              {q.count > 1 && ` · ${t('conversations.groups.times', { count: q.count })}`}
            </Typography>
          </Typography>
        ))}
      </Box>
      {group.questions.length > SHOWN && (
        <Box>
          <Button size="small" onClick={() => setAll((a) => !a)} aria-expanded={all}>
            {all
              ? t('conversations.groups.fewer')
              : t('conversations.groups.all', { count: group.questions.length })}
          </Button>
        </Box>
      )}
    </Paper>
  );
}
