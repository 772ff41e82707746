import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined';
import { useTranslation } from 'react-i18next';
import { NavCard } from '@/shared/ui/nav-card';

/** The way to the aliases (/ai/alias). */
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
