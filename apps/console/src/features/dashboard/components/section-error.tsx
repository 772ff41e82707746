import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import { useTranslation } from 'react-i18next';

/** A part of the dashboard that could not load: why, and a way to try again. */
export function SectionError({
  message,
  onRetry,
  dense = false,
}: {
  message: string;
  onRetry?: (() => void) | undefined;
  dense?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Box
      role="alert"
      sx={{
        display: 'flex',
        flexDirection: dense ? 'row' : 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 1,
        py: dense ? 1 : 6,
        textAlign: 'center',
        flexWrap: 'wrap',
      }}
    >
      <ErrorOutline color="error" fontSize={dense ? 'small' : 'medium'} />
      <Typography variant="body2" color="error">
        {message}
      </Typography>
      {onRetry && (
        <Button size="small" variant="outlined" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      )}
    </Box>
  );
}
