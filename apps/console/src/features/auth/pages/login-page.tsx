import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import Typography from '@mui/material/Typography';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/shared/api/api-error';
import { authFromLogin, authStore } from '@/shared/auth/auth-store';
import { getDevices } from '@/shared/auth/get-devices';
import { logout } from '@/shared/auth/logout';
import { LanguageSwitcher } from '@/shared/ui/language-switcher';
import { notify } from '@/shared/ui/snackbar/snackbar-store';
import { login } from '../api/login';
import { Spinner } from '@/shared/ui/spinner';

export type ExpiredPasswordUser = { user_id: number; username: string };

export type LoginPageProps = {
  /**
   * The forced change of an expired password (the user dialog in reset mode, composed by the route).
   * `onClose` is called after it succeeded or was cancelled.
   */
  renderPasswordReset?: (props: { user: ExpiredPasswordUser; onClose: () => void }) => ReactNode;
};

type FieldErrors = { username?: string; password?: string };

export function LoginPage({ renderPasswordReset }: LoginPageProps) {
  const { t } = useTranslation();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [expired, setExpired] = useState<ExpiredPasswordUser | null>(null);

  const title = t('login.title');
  const product = t('app.name');
  useEffect(() => {
    document.title = `${title} · ${product}`;
  }, [title, product]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    // The required-field rules of ZLoginRequest, checked by hand: zod stays out of the login chunk.
    const credentials = { username: username.trim(), password };
    const next: FieldErrors = {};
    if (!credentials.username) next.username = t('rules.username_required');
    if (!credentials.password) next.password = t('rules.password_required');
    setErrors(next);
    if (next.username || next.password) return;
    setSubmitting(true);
    try {
      const session = await login(credentials);
      // The token is kept (signed out) so the next calls carry it; the guard keeps us on /login.
      authStore.set(authFromLogin(session, [], 'logged_out'));
      if (session.is_password_expired) {
        // Such a token may only change its own password (and log out): no device list, no dashboard.
        setExpired({ user_id: session.user_id, username: session.username });
        return;
      }
      const devices = await getDevices(session.project_id);
      // Signed in: the guard now takes us from /login to /dashboard.
      authStore.set(authFromLogin(session, devices, 'logged_in'));
    } catch (error) {
      authStore.clear();
      notify.error(errorMessage(error, t('errors.unknown')));
    } finally {
      setSubmitting(false);
    }
  };

  const closeReset = () => {
    setExpired(null);
    setPassword('');
    // After a successful change this is already done; after Cancel it ends the half-open session.
    void logout();
  };

  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        bgcolor: 'background.default',
        backgroundImage: 'linear-gradient(160deg, rgba(27,101,242,0.10) 0%, rgba(27,101,242,0) 55%)',
      }}
    >
      {/* Landmarks: the language switcher in the banner, the sign-in card in main. */}
      <Box component="header" sx={{ display: 'flex', justifyContent: 'flex-end', p: 2 }}>
        <LanguageSwitcher />
      </Box>
      <Box component="main" sx={{ flex: 1, display: 'grid', placeItems: 'center', px: 2, pb: 8 }}>
        <Card sx={{ width: '100%', maxWidth: 400 }} elevation={0}>
          <CardContent sx={{ p: 4 }}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 3 }}>
              <Box component="img" src="/logo.svg" alt="" sx={{ width: 44, height: 44 }} />
              <Box>
                <Typography component="h1" sx={{ fontWeight: 700, fontSize: 20, lineHeight: 1.2 }}>
                  {product}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {t('login.subtitle')}
                </Typography>
              </Box>
            </Box>
            <Box component="form" onSubmit={submit} noValidate sx={{ display: 'grid', gap: 2 }}>
              <FormControl error={Boolean(errors.username)} fullWidth>
                <InputLabel htmlFor="login-username">{t('login.username')}</InputLabel>
                <OutlinedInput
                  id="login-username"
                  label={t('login.username')}
                  value={username}
                  onChange={(event) => setUsername(event.target.value)}
                  autoComplete="username"
                  autoFocus
                  inputProps={{ 'data-testid': 'login-username', maxLength: 64 } as object}
                  aria-describedby={errors.username ? 'login-username-error' : undefined}
                />
                {errors.username && (
                  <FormHelperText id="login-username-error">{errors.username}</FormHelperText>
                )}
              </FormControl>
              <FormControl error={Boolean(errors.password)} fullWidth>
                <InputLabel htmlFor="login-password">{t('login.password')}</InputLabel>
                <OutlinedInput
                  id="login-password"
                  label={t('login.password')}
                  type={showPassword ? 'text' : 'password'}
                  value={password}
                  onChange={(event) => setPassword(event.target.value)}
                  autoComplete="current-password"
                  inputProps={{ 'data-testid': 'login-password', maxLength: 256 } as object}
                  aria-describedby={errors.password ? 'login-password-error' : undefined}
                  endAdornment={
                    <InputAdornment position="end">
                      <IconButton
                        onClick={() => setShowPassword((shown) => !shown)}
                        aria-label={showPassword ? t('login.hide_password') : t('login.show_password')}
                        edge="end"
                      >
                        {showPassword ? <VisibilityOff /> : <Visibility />}
                      </IconButton>
                    </InputAdornment>
                  }
                />
                {errors.password && (
                  <FormHelperText id="login-password-error">{errors.password}</FormHelperText>
                )}
              </FormControl>
              <Button
                type="submit"
                variant="contained"
                size="large"
                disabled={submitting}
                startIcon={submitting ? <Spinner size={18} color="inherit" /> : undefined}
                data-testid="login-submit"
              >
                {submitting ? t('login.signing_in') : t('login.submit')}
              </Button>
            </Box>
          </CardContent>
        </Card>
      </Box>
      {expired && renderPasswordReset?.({ user: expired, onClose: closeReset })}
    </Box>
  );
}
