import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import WarningAmberOutlined from '@mui/icons-material/WarningAmberOutlined';
import { questionContentIssues, type Language, type QuestionContent } from '@ambassador/contracts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { translateRule } from '@/shared/api/api-error';

/** Where a kiosk's needs show in the question's form. */
export type NoticeField = 'text' | 'buttons' | 'answers' | 'images';

const FIELD_OF: Record<string, NoticeField> = {
  text: 'text',
  buttons: 'buttons',
  correct_answers: 'answers',
  image_urls: 'images',
};

/**
 * What a kiosk still needs of a question's content in one language (contracts'
 * questionContentIssues), as the rules' texts in the interface language, by the field they concern.
 */
export function contentNotices(t: TFunction, content: QuestionContent): Record<NoticeField, string[]> {
  const out: Record<NoticeField, string[]> = { text: [], buttons: [], answers: [], images: [] };
  for (const issue of questionContentIssues(content)) {
    out[FIELD_OF[String(issue.path[0])] ?? 'text'].push(translateRule(t, issue.rule));
  }
  return out;
}

/** A kiosk's need shown under its field: not an error of the form (the question saves), a to-do. */
export function Notice({ texts, testId }: { texts: readonly string[]; testId?: string }) {
  if (texts.length === 0) return null;
  return (
    <Box data-testid={testId}>
      {texts.map((text) => (
        <Box key={text} sx={{ display: 'flex', gap: 0.5, alignItems: 'center' }}>
          <WarningAmberOutlined sx={{ fontSize: 16, color: 'warning.main' }} aria-hidden="true" />
          <Typography variant="caption" color="text.secondary">
            {text}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** Per language of the quiz: can a kiosk ask the question in it, or how many things it lacks. */
export function CompletenessSummary({
  contents,
  languages,
}: {
  contents: Partial<Record<Language, QuestionContent>>;
  languages: readonly Language[];
}) {
  const { t } = useTranslation();
  return (
    <Box
      component="ul"
      aria-label={t('events.quiz.question.readiness')}
      sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', gap: 1, flexWrap: 'wrap' }}
      data-testid="question-readiness"
    >
      {languages.map((language) => {
        const missing = contents[language] ? questionContentIssues(contents[language]).length : 1;
        const name = t(`languages.${language}`);
        return (
          <Box component="li" key={language}>
            <Chip
              size="small"
              variant="outlined"
              color={missing === 0 ? 'success' : 'default'}
              icon={
                missing === 0 ? (
                  <CheckCircleOutlined />
                ) : (
                  <WarningAmberOutlined sx={{ color: 'warning.main !important' }} />
                )
              }
              label={
                missing === 0
                  ? t('events.quiz.question.status_ready', { language: name })
                  : t('events.quiz.question.status_incomplete', { language: name, missing })
              }
              data-testid={`question-readiness-${language}`}
              data-ready={missing === 0 ? 'true' : 'false'}
            />
          </Box>
        );
      })}
    </Box>
  );
}
