import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { DEFAULT_SMALL_TALK_LANGUAGE, LANGUAGES, type Language } from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';
import { useAuth } from '@/shared/auth/auth-store';
import { useSelectedDeviceLanguages } from '@/shared/auth/use-selected-device-languages';
import { PageHeader } from '@/shared/ui/page-header';
import { QuestionsEditor } from '../components/questions-editor';
import { SettingsCard } from '../components/settings-card';
import { PromptDialog } from '../dialogs/prompt-dialog';
import { TopicFilterDialog } from '../dialogs/topic-filter-dialog';

/** The language a device's small talk opens in: cantonese when offered, else its default. */
export function startLanguage(offered: readonly Language[]): Language {
  return offered.includes(DEFAULT_SMALL_TALK_LANGUAGE)
    ? DEFAULT_SMALL_TALK_LANGUAGE
    : (offered[0] ?? 'english');
}

/**
 * Small Talk (/talk): whether the selected device answers chit-chat and declines filtered topics,
 * its small-talk list per language, the topic filter and the persona prompt.
 */
export function SmallTalkPage() {
  const { t } = useTranslation();
  const auth = useAuth();
  const deviceId = auth.selected_device;
  const device = auth.device_list.find((d) => d.id === deviceId);
  const languages = useSelectedDeviceLanguages() ?? LANGUAGES;
  const [dialog, setDialog] = useState<{ kind: 'filter' | 'prompt'; key: number } | null>(null);
  const openDialog = (kind: 'filter' | 'prompt') => setDialog((d) => ({ kind, key: (d?.key ?? 0) + 1 }));

  return (
    <Box data-testid="small-talk-page">
      <PageHeader title={t('screens.talk')} />
      {device && (
        <Box sx={{ mt: -2, mb: 1, color: 'text.secondary', fontSize: 14 }} data-testid="small-talk-device">
          {t('small_talk.device', { device: device.description })}
        </Box>
      )}
      {deviceId === null ? (
        <Alert severity="info">{t('small_talk.no_device')}</Alert>
      ) : (
        <Box key={deviceId} sx={{ display: 'grid', gap: 2 }}>
          <Box sx={{ color: 'text.secondary', fontSize: 14 }}>{t('small_talk.intro')}</Box>
          <SettingsCard
            deviceId={deviceId}
            onTopicFilter={() => openDialog('filter')}
            onPrompt={() => openDialog('prompt')}
          />
          <QuestionsEditor
            deviceId={deviceId}
            languages={languages}
            initialLanguage={startLanguage(languages)}
          />
          {dialog?.kind === 'filter' && (
            <TopicFilterDialog
              key={dialog.key}
              open
              deviceId={deviceId}
              initialLanguage={startLanguage(languages)}
              onClose={() => setDialog(null)}
            />
          )}
          {dialog?.kind === 'prompt' && (
            <PromptDialog key={dialog.key} open deviceId={deviceId} onClose={() => setDialog(null)} />
          )}
        </Box>
      )}
    </Box>
  );
}
