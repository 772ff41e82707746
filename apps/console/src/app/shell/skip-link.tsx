import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';

/**
 * "Skip to content": the first thing Tab reaches on every signed-in screen. Hidden until it has the
 * keyboard focus; it moves the focus past the top and left bars to the screen's heading.
 */
export function SkipLink({ onSkip }: { onSkip: () => void }) {
  const { t } = useTranslation();
  return (
    <Box
      component="a"
      href="#main-content"
      onClick={(event) => {
        event.preventDefault();
        onSkip();
      }}
      data-testid="skip-link"
      sx={{
        position: 'fixed',
        top: 8,
        left: 8,
        zIndex: (theme) => theme.zIndex.tooltip + 1,
        px: 2,
        py: 1,
        borderRadius: 1,
        bgcolor: 'primary.main',
        color: 'primary.contrastText',
        fontWeight: 600,
        textDecoration: 'none',
        // Off screen until focused (not display:none, so Tab still reaches it).
        transform: 'translateY(-200%)',
        '&:focus': { transform: 'none', outline: '3px solid', outlineColor: 'warning.main' },
      }}
    >
      {t('shell.skip_to_content')}
    </Box>
  );
}
