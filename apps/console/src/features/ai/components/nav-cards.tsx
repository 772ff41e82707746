import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import ChevronRight from '@mui/icons-material/ChevronRight';
import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined';
import QuestionAnswerOutlined from '@mui/icons-material/QuestionAnswerOutlined';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useTopicCount } from '../api/get-topic-count';

function NavCard({
  to,
  icon,
  title,
  body,
  testId,
}: {
  to: string;
  icon: ReactNode;
  title: string;
  body: ReactNode;
  testId: string;
}) {
  return (
    <Card sx={{ height: '100%' }}>
      <CardActionArea component={RouterLink} to={to} data-testid={testId} sx={{ height: '100%' }}>
        <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
          <Box
            sx={{
              width: 44,
              height: 44,
              borderRadius: 2,
              bgcolor: 'rgba(27, 101, 242, 0.1)',
              color: 'primary.main',
              display: 'grid',
              placeItems: 'center',
              flexShrink: 0,
            }}
          >
            {icon}
          </Box>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography sx={{ fontWeight: 600 }}>{title}</Typography>
            <Typography variant="body2" color="text.secondary" component="div">
              {body}
            </Typography>
          </Box>
          <ChevronRight color="action" />
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

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

export function AliasNavCard() {
  const { t } = useTranslation();
  return (
    <NavCard
      to="/ai/alias"
      icon={<LocalOfferOutlined />}
      title={t('screens.ai_alias')}
      testId="ai-nav-alias"
      body={t('ai.nav.alias_hint')}
    />
  );
}
