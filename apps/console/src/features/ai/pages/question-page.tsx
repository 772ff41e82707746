import { useEffect, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import EditOutlined from '@mui/icons-material/EditOutlined';
import type { Keyword, Language, Topic } from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { ApiError } from '@/shared/api/api-error';
import { useAuth } from '@/shared/auth/auth-store';
import { useSelectedDeviceLanguages } from '@/shared/auth/use-selected-device-languages';
import { DeleteDialog, useDeleteDialog } from '@/shared/ui/delete-dialog';
import { notify } from '@/shared/ui/snackbar/snackbar-store';
import { TestConsole } from '@/features/ai/answering/components/test-console';
import { aiErrorMessage } from '@/features/ai/common/lib/ai-errors';
import { useResponses } from '@/features/ai/responses/api/get-responses';
import { ResponsesPanel } from '@/features/ai/responses/components/responses-panel';
import { useRefreshTopics } from '@/features/ai/topics/api/bulk-topics';
import { useDeleteTopic } from '@/features/ai/topics/api/delete-topic';
import { useUndoAction } from '@/shared/api/undo';
import { useKeywords } from '@/features/ai/topics/api/get-keywords';
import { useTopic } from '@/features/ai/topics/api/get-topic';
import { useTopicNav } from '@/features/ai/topics/api/get-topic-nav';
import { AiLanguageTabs, countByLanguage } from '@/features/ai/topics/components/ai-language-tabs';
import { KeywordsPanel } from '@/features/ai/topics/components/keywords-panel';
import { SubTopicsCard } from '@/features/ai/topics/components/sub-topics-card';
import { TopicSettingsCard } from '@/features/ai/topics/components/topic-settings-card';
import { EditTitleDialog } from '@/features/ai/topics/dialogs/edit-title-dialog';
import { TopicDialog, topicPath } from '@/features/ai/topics/dialogs/topic-dialog';

type Crumb = { label: string; to?: string; testId?: string };

function Header({ topic, crumbs, onEditTitle }: { topic: Topic; crumbs: Crumb[]; onEditTitle: () => void }) {
  const { t } = useTranslation();
  const product = t('app.name');
  useEffect(() => {
    document.title = `${topic.intent_name} · ${product}`;
  }, [topic.intent_name, product]);
  return (
    <Box sx={{ mb: 3 }}>
      <Breadcrumbs
        aria-label={t('common.breadcrumbs')}
        sx={{ mb: 0.5, fontSize: 14 }}
        data-testid="question-breadcrumbs"
      >
        {crumbs.map((crumb, index) =>
          crumb.to ? (
            <Link
              key={index}
              component={RouterLink}
              to={crumb.to}
              underline="hover"
              color="inherit"
              data-testid={crumb.testId}
            >
              {crumb.label}
            </Link>
          ) : (
            <Typography key={index} sx={{ fontSize: 14, color: 'text.primary' }}>
              {crumb.label}
            </Typography>
          ),
        )}
      </Breadcrumbs>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography
          variant="h1"
          component="h1"
          data-testid="question-title"
          sx={{ overflowWrap: 'anywhere' }}
        >
          {topic.intent_name}
        </Typography>
        <Tooltip title={t('topics.page.edit_title')}>
          <IconButton
            onClick={onEditTitle}
            aria-label={t('topics.page.edit_title')}
            data-testid="question-edit-title"
          >
            <EditOutlined />
          </IconButton>
        </Tooltip>
      </Box>
      <Typography variant="body2" color="text.secondary">
        {t('topics.page.counts', {
          keywords: topic.keyword_count,
          responses: topic.response_count,
          subTopics: topic.sub_topic_count,
        })}
      </Typography>
    </Box>
  );
}

/** What another area says about a topic's keywords (a location of the same name), composed by the app. */
type KeywordNotice = (keywords: readonly Keyword[] | undefined) => ReactNode;

function QuestionView({ id, keywordNotice }: { id: number; keywordNotice?: KeywordNotice }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const auth = useAuth();
  const topic = useTopic(id);
  const nav = useTopicNav(id);
  const keywords = useKeywords(id);
  const responses = useResponses(id);
  const deleteTopic = useDeleteTopic();
  const undoAction = useUndoAction();
  const refreshTopics = useRefreshTopics();
  const confirmDelete = useDeleteDialog();
  const offered = useSelectedDeviceLanguages();
  // The editor's own first language when the device offers it, else the device's default.
  const [language, setLanguage] = useState<Language>(() => {
    const own = auth.user_info?.languages[0] ?? 'english';
    return !offered || offered.includes(own) ? own : offered[0]!;
  });
  const [titleDialog, setTitleDialog] = useState({ key: 0, open: false });
  const [subDialog, setSubDialog] = useState({ key: 0, open: false });

  if (topic.isError) {
    const missing =
      topic.error instanceof ApiError && (topic.error.status === 404 || topic.error.status === 403);
    return (
      <Box data-testid="question-page">
        <Alert
          severity={missing ? 'warning' : 'error'}
          action={
            missing ? undefined : (
              <Button color="inherit" size="small" onClick={() => void topic.refetch()}>
                {t('common.retry')}
              </Button>
            )
          }
          data-testid="question-error"
        >
          {missing ? t('topics.page.not_found') : aiErrorMessage(topic.error, t)}
        </Alert>
        <Button component={RouterLink} to="/ai/keyword" sx={{ mt: 2 }}>
          {t('topics.page.back')}
        </Button>
      </Box>
    );
  }

  if (!topic.data) {
    return (
      <Box data-testid="question-page" aria-busy="true">
        <Skeleton width={280} />
        <Skeleton variant="text" sx={{ fontSize: 32, width: 360 }} />
        <Skeleton variant="rounded" height={320} sx={{ mt: 2 }} />
      </Box>
    );
  }
  const data = topic.data;

  const crumbs: Crumb[] = [
    { label: t('nav.ai'), to: '/ai', testId: 'crumb-ai' },
    { label: t('screens.ai_keyword'), to: '/ai/keyword', testId: 'crumb-keyword' },
    ...(nav.data?.categories ?? [{ category_id: data.category_id, category_name: data.category_name }]).map(
      (category) => ({
        label: category.category_name,
        to: `/ai/keyword?category=${category.category_id}`,
        testId: `crumb-category-${category.category_id}`,
      }),
    ),
    ...(nav.data?.topics ?? [{ id: data.id, name: data.intent_name }]).map((ref) =>
      ref.id === data.id
        ? { label: data.intent_name }
        : { label: ref.name, to: topicPath(ref.id), testId: `crumb-topic-${ref.id}` },
    ),
  ];

  const askDelete = () =>
    confirmDelete.ask({
      type: 'question',
      item: data.intent_name,
      run: async () => {
        const result = await notify.run(() => deleteTopic.mutateAsync(data.id), {
          loading: t('common.deleting'),
          success: t('topics.deleted'),
          error: (e) => aiErrorMessage(e, t),
          // Undo brings the topic back and opens it again.
          action: (ticket) =>
            undoAction(ticket, async () => {
              await refreshTopics();
              void navigate(topicPath(data.id));
            }),
        });
        if (result.ok) void navigate('/ai/keyword');
        return result.ok;
      },
    });

  return (
    <Box data-testid="question-page" data-topic-id={data.id}>
      <Header
        topic={data}
        crumbs={crumbs}
        onEditTitle={() => setTitleDialog((d) => ({ key: d.key + 1, open: true }))}
      />
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', lg: '320px minmax(0, 1fr)' },
          alignItems: 'start',
        }}
      >
        <Box sx={{ display: 'grid', gap: 2 }}>
          <TopicSettingsCard key={data.id} topic={data} onDelete={askDelete} />
          <SubTopicsCard
            topics={nav.data?.children}
            onAdd={() => setSubDialog((d) => ({ key: d.key + 1, open: true }))}
          />
        </Box>
        <Paper variant="outlined" sx={{ minWidth: 0, gridRow: { lg: 'span 2' } }}>
          <AiLanguageTabs
            value={language}
            onChange={setLanguage}
            counts={countByLanguage(keywords.data ?? [])}
            filled={[...(keywords.data ?? []), ...(responses.data ?? [])].map((x) => x.language)}
            testIdPrefix="keyword-language"
          />
          <Box sx={{ p: 2, display: 'grid', gap: 4 }}>
            {keywordNotice?.(keywords.data)}
            <KeywordsPanel
              key={`k-${language}`}
              topic={data}
              language={language}
              keywords={keywords.data}
              loading={keywords.isLoading}
            />
            <ResponsesPanel
              topic={data}
              language={language}
              responses={responses.data}
              loading={responses.isLoading}
            />
          </Box>
        </Paper>
        {/* The test chat docked beside what is taught: try a phrase as it is added, see the chain's
            steps. Under the settings on a wide screen, after the keywords on a narrow one. */}
        <Box data-testid="question-test-chat" sx={{ minWidth: 0 }}>
          <TestConsole key={data.id} initialLanguage={language} compact />
        </Box>
      </Box>
      <EditTitleDialog
        key={`title-${titleDialog.key}`}
        open={titleDialog.open}
        topic={{ id: data.id, name: data.intent_name }}
        onClose={() => setTitleDialog((d) => ({ ...d, open: false }))}
      />
      <TopicDialog
        key={`sub-${subDialog.key}`}
        open={subDialog.open}
        parent={{ id: data.id, name: data.intent_name }}
        onClose={() => setSubDialog((d) => ({ ...d, open: false }))}
      />
      <DeleteDialog {...confirmDelete.dialogProps} />
    </Box>
  );
}

/** Question Topic (/ai/keyword/question/:id): settings, sub topics, keywords and responses of a topic. */
export function QuestionPage({ keywordNotice }: { keywordNotice?: KeywordNotice }) {
  const { id } = useParams();
  const topicId = Number(id);
  const { t } = useTranslation();
  if (!Number.isInteger(topicId) || topicId <= 0) {
    return (
      <Box data-testid="question-page">
        <Alert severity="warning" data-testid="question-error">
          {t('topics.page.not_found')}
        </Alert>
        <Button component={RouterLink} to="/ai/keyword" sx={{ mt: 2 }}>
          {t('topics.page.back')}
        </Button>
      </Box>
    );
  }
  // A new topic (a sub topic, a breadcrumb) starts with fresh state.
  return <QuestionView key={topicId} id={topicId} keywordNotice={keywordNotice} />;
}
