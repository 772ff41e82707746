import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import {
  ACTIVITY_TYPES,
  EVENT_MAX_ACTIVITIES,
  type Activity,
  type ActivityType,
  type Language,
  type QuizSummary,
} from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';
import { translateRule } from '@/shared/api/api-error';
import { SortableList, moved } from '@/shared/ui/sortable-list';
import { duplicated, markAt, newActivity, type Marks } from '../lib/flow-form';
import { NlpFields, QuizFields, TtsFields, VideoFields, type ActivityMedia } from './activity-fields';

export type FlowEditorProps = {
  language: Language;
  flow: readonly Activity[];
  /** A new flow (add, move, duplicate, delete). */
  onFlow: (flow: Activity[]) => void;
  /** Some fields of one activity, by its key. */
  onPatch: (key: string, patch: Partial<Activity>) => void;
  marks: Marks;
  quizzes: readonly QuizSummary[] | undefined;
  deviceId: number;
  media: Readonly<Record<string, ActivityMedia>>;
  onMedia: (key: string, media: ActivityMedia) => void;
};

/**
 * One language's flow: its activities in the order a kiosk plays them, each with its fields; add
 * one of each type, move by drag or by the arrows (the keyboard's way), duplicate, delete. Marks
 * from the save rules show on their fields.
 */
export function FlowEditor({
  language,
  flow,
  onFlow,
  onPatch,
  marks,
  quizzes,
  deviceId,
  media,
  onMedia,
}: FlowEditorProps) {
  const { t } = useTranslation();
  const typeName = (type: ActivityType) => t(`events.activity.types.${type}`);
  const nameOf = (activity: Activity) =>
    t('events.activity.name', { number: flow.indexOf(activity) + 1, type: typeName(activity.type) });
  const flowMark = markAt(marks, { language, key: null, field: null });
  const full = flow.length >= EVENT_MAX_ACTIVITIES;

  const add = (type: ActivityType) => onFlow([...flow, newActivity(type)]);

  const fields = (activity: Activity, index: number) => {
    const common = {
      markOf: (field: string) => markAt(marks, { language, key: activity.key, field }),
      language,
      deviceId,
      testId: `activity-${language}-${index}`,
    };
    const patch = (p: Partial<Activity>) => onPatch(activity.key, p);
    switch (activity.type) {
      case 'video':
        return (
          <VideoFields
            {...common}
            activity={activity}
            onChange={patch}
            media={media[activity.key] ?? {}}
            onMedia={(m) => onMedia(activity.key, m)}
          />
        );
      case 'tts':
        return <TtsFields {...common} activity={activity} onChange={patch} />;
      case 'quiz':
        return <QuizFields {...common} activity={activity} onChange={patch} quizzes={quizzes} />;
      case 'nlp':
        return <NlpFields />;
    }
  };

  return (
    <Box sx={{ display: 'grid', gap: 2 }} data-testid={`flow-${language}`}>
      {flow.length === 0 ? (
        <Typography
          variant="body2"
          color={flowMark ? 'error' : 'text.secondary'}
          role={flowMark ? 'alert' : undefined}
          data-testid={`flow-${language}-empty`}
        >
          {flowMark ? translateRule(t, flowMark) : t('events.editor.empty_flow')}
        </Typography>
      ) : (
        <SortableList
          items={flow}
          getKey={(a) => a.key}
          getName={nameOf}
          label={t('events.editor.flow_label', { language: t(`languages.${language}`) })}
          onMove={(from, to) => onFlow(moved(flow, from, to))}
          onDelete={(activity) => onFlow(flow.filter((a) => a.key !== activity.key))}
          itemTestId="activity"
          deleteTestId="activity-delete"
          renderItem={(activity, index) => (
            <Box
              sx={{ flex: '1 1 420px', minWidth: 0, display: 'grid', gap: 1.5, py: 0.5 }}
              data-testid={`activity-${language}-${index}`}
              data-type={activity.type}
            >
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                <Typography component="h3" sx={{ fontWeight: 600, fontSize: 15 }}>
                  {nameOf(activity)}
                </Typography>
                {[...marks.keys()].some((id) => id.startsWith(`${language}|${activity.key}|`)) && (
                  <Chip size="small" color="error" variant="outlined" label={t('events.editor.to_fix')} />
                )}
                <Box sx={{ flex: 1 }} />
                <Tooltip title={t('events.activity.duplicate')}>
                  <span>
                    <IconButton
                      size="small"
                      disabled={full}
                      onClick={() => onFlow(duplicated(flow, index))}
                      aria-label={t('events.activity.duplicate_named', { name: nameOf(activity) })}
                      data-testid="activity-duplicate"
                    >
                      <ContentCopyOutlined fontSize="small" />
                    </IconButton>
                  </span>
                </Tooltip>
              </Box>
              {fields(activity, index)}
            </Box>
          )}
        />
      )}
      <Box
        sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}
        role="group"
        aria-label={t('events.editor.add_label')}
      >
        <Typography variant="body2" sx={{ fontWeight: 500, mr: 1 }} aria-hidden="true">
          {t('events.editor.add_label')}
        </Typography>
        {ACTIVITY_TYPES.map((type) => (
          <Button
            key={type}
            size="small"
            variant="outlined"
            disabled={full}
            onClick={() => add(type)}
            data-testid={`activity-add-${type}`}
          >
            {typeName(type)}
          </Button>
        ))}
        {full && (
          <Typography variant="caption" color="text.secondary">
            {t('events.editor.full', { max: EVENT_MAX_ACTIVITIES })}
          </Typography>
        )}
      </Box>
    </Box>
  );
}
