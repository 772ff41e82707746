import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import BookmarkBorderIcon from '@mui/icons-material/BookmarkBorder';
import CloseIcon from '@mui/icons-material/Close';
import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined';
import { useTranslation } from 'react-i18next';

/** The right bar's alias and bookmark cards (SPEC §2 Shell); their content arrives later. */
export function RightBarContent({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const cards = [
    {
      id: 'alias',
      icon: <LocalOfferOutlined color="primary" />,
      title: t('right_bar.alias_title'),
      body: t('right_bar.alias_later'),
    },
    {
      id: 'bookmarks',
      icon: <BookmarkBorderIcon color="primary" />,
      title: t('right_bar.bookmarks_title'),
      body: t('right_bar.bookmarks_later'),
    },
  ];
  return (
    <Box sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 2 }} data-testid="right-bar">
      <Box sx={{ display: 'flex', alignItems: 'center' }}>
        <Typography variant="h2" sx={{ flex: 1, fontSize: '1rem' }}>
          {t('right_bar.title')}
        </Typography>
        <IconButton size="small" onClick={onClose} aria-label={t('right_bar.close')}>
          <CloseIcon fontSize="small" />
        </IconButton>
      </Box>
      {cards.map((card) => (
        <Card key={card.id} data-testid={`right-bar-${card.id}`}>
          <CardContent>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
              {card.icon}
              <Typography sx={{ fontWeight: 600 }}>{card.title}</Typography>
            </Box>
            <Typography variant="body2" color="text.secondary">
              {card.body}
            </Typography>
          </CardContent>
        </Card>
      ))}
    </Box>
  );
}
