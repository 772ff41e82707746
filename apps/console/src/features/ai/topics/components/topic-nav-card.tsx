import Skeleton from '@mui/material/Skeleton';
import QuestionAnswerOutlined from '@mui/icons-material/QuestionAnswerOutlined';
import { useTranslation } from 'react-i18next';
import { NavCard } from '@/shared/ui/nav-card';
import { useTopicCount } from '../api/get-topic-count';

/** The way to the topic list (/ai/keyword), with how many topics the device has. */
export function KeywordDataCard() {
  const { t } = useTranslation();
  const count = useTopicCount();
  return (
    <NavCard
      to="/ai/keyword"
      icon={<QuestionAnswerOutlined />}
      title={t('screens.ai_keyword')}
      testId="ai-nav-keyword"
      body={
        count.isPending ? (
          <Skeleton width={120} />
        ) : count.isError ? (
          t('ai.nav.keyword_hint')
        ) : (
          <span data-testid="ai-topic-count">{t('ai.nav.topic_count', { count: count.data })}</span>
        )
      }
    />
  );
}
