import CircularProgress, { type CircularProgressProps } from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';

/**
 * MUI's spinner with an accessible name: a `progressbar` without one is read as nothing (axe
 * `aria-progressbar-name`). It says "Loading" in the interface language unless told what it waits
 * for (`label`); pass `aria-hidden` where the text beside it already says so.
 */
export function Spinner({ label, ...props }: CircularProgressProps & { label?: string }) {
  const { t } = useTranslation();
  if (props['aria-hidden']) return <CircularProgress {...props} />;
  return <CircularProgress aria-label={label ?? t('common.loading')} {...props} />;
}
