import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Snackbar from '@mui/material/Snackbar';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import { useTranslation } from 'react-i18next';
import { notify, useSnackbarState } from './snackbar-store';
import { Spinner } from '@/shared/ui/spinner';

const SEVERITY = { loading: 'info', success: 'success', error: 'error' } as const;

/** The one snackbar of the app, bottom right. Mounted once at the root. */
export function AppSnackbar() {
  const { t } = useTranslation();
  const state = useSnackbarState();
  const icon =
    state.status === 'loading' ? (
      <Spinner size={20} color="inherit" />
    ) : state.status === 'success' ? (
      <CheckIcon fontSize="inherit" />
    ) : (
      <CloseIcon fontSize="inherit" />
    );

  return (
    <Snackbar
      key={state.id}
      open={state.open}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      autoHideDuration={state.timeout}
      onClose={(_event, reason) => {
        if (reason === 'clickaway') return;
        notify.close();
      }}
      data-testid="snackbar"
      data-status={state.status}
    >
      <Alert
        variant="filled"
        severity={SEVERITY[state.status]}
        icon={icon}
        sx={{
          minWidth: 280,
          alignItems: 'center',
          ...(state.status === 'loading' && { bgcolor: 'grey.800', color: 'common.white' }),
        }}
        role={state.status === 'error' ? 'alert' : 'status'}
        action={
          state.closable || state.action ? (
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
              {state.action && (
                <Button
                  color="inherit"
                  size="small"
                  onClick={() => state.action?.onClick()}
                  data-testid={state.action.testId ?? 'snackbar-action'}
                  sx={{ fontWeight: 700, textDecoration: 'underline' }}
                >
                  {state.action.label}
                </Button>
              )}
              {state.closable && (
                <IconButton
                  size="small"
                  color="inherit"
                  aria-label={t('common.close')}
                  onClick={() => notify.close()}
                  data-testid="snackbar-close"
                >
                  <CloseIcon fontSize="small" />
                </IconButton>
              )}
            </Box>
          ) : undefined
        }
      >
        {state.text}
      </Alert>
    </Snackbar>
  );
}
