import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import FaceOutlined from '@mui/icons-material/FaceOutlined';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Interface Settings' way to the device's virtual avatars (/interface/avatar). */
export function AvatarLinkCard() {
  const { t } = useTranslation();
  return (
    <Card variant="outlined" sx={{ mt: 2 }} data-testid="avatar-link-card">
      <CardContent sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
        <FaceOutlined color="primary" />
        <div>
          <Typography component="h2" variant="h6" sx={{ fontSize: 18 }}>
            {t('interface.avatars.open_card_title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('interface.avatars.open_card_text')}
          </Typography>
        </div>
      </CardContent>
      <CardActions>
        <Button component={Link} to="/interface/avatar" data-testid="avatar-link">
          {t('interface.avatars.open')}
        </Button>
      </CardActions>
    </Card>
  );
}
