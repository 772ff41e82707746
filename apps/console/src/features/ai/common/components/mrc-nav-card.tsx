import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import { useTranslation } from 'react-i18next';
import { NavCard } from '@/shared/ui/nav-card';

/** The AI page's way to document scanning (/ai/mrc). */
export function MrcNavCard() {
  const { t } = useTranslation();
  return (
    <NavCard
      to="/ai/mrc"
      icon={<DescriptionOutlined />}
      title={t('screens.ai_mrc')}
      body={t('ai.nav.mrc_hint')}
      testId="ai-nav-mrc"
    />
  );
}
