import { useEffect, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';

export type Crumb = { label: string; to?: string };

/** Title of a screen (also the tab title), optional breadcrumbs and actions on the right. */
export function PageHeader({
  title,
  breadcrumbs,
  actions,
}: {
  title: string;
  breadcrumbs?: Crumb[];
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  const product = t('app.name');
  useEffect(() => {
    document.title = `${title} · ${product}`;
  }, [title, product]);

  return (
    <Box sx={{ display: 'flex', alignItems: 'flex-end', gap: 2, mb: 3, flexWrap: 'wrap' }}>
      {/* At least 240 px for the title: on a phone the actions wrap under it instead of squeezing it. */}
      <Box sx={{ flex: '1 1 240px', minWidth: 0 }}>
        {breadcrumbs && breadcrumbs.length > 0 && (
          <Breadcrumbs aria-label={t('common.breadcrumbs')} sx={{ mb: 0.5, fontSize: 14 }}>
            {breadcrumbs.map((crumb) =>
              crumb.to ? (
                <Link
                  key={crumb.label}
                  component={RouterLink}
                  to={crumb.to}
                  underline="hover"
                  color="inherit"
                >
                  {crumb.label}
                </Link>
              ) : (
                <Typography key={crumb.label} sx={{ fontSize: 14, color: 'text.primary' }}>
                  {crumb.label}
                </Typography>
              ),
            )}
          </Breadcrumbs>
        )}
        <Typography variant="h1" component="h1">
          {title}
        </Typography>
      </Box>
      {actions && <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>{actions}</Box>}
    </Box>
  );
}
