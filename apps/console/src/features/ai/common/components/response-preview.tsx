import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import VolumeUpOutlined from '@mui/icons-material/VolumeUpOutlined';
import type { AiResponse, ResponseContent } from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';

type Button = { text: string; payload: string };

/** What the preview needs of a response; a draft in the composer is enough. */
export type PreviewableResponse = Pick<AiResponse, 'speech' | 'contents'>;

const bubble = {
  bgcolor: 'background.paper',
  borderRadius: 2,
  borderTopLeftRadius: 4,
  px: 1.5,
  py: 1,
  boxShadow: '0 1px 2px rgba(0,0,0,0.12)',
  maxWidth: '100%',
  overflowWrap: 'anywhere',
} as const;

function Bubble({
  children,
  testId,
  ...data
}: { children: ReactNode; testId: string } & Record<string, unknown>) {
  return (
    <Box sx={bubble} data-testid={testId} {...data}>
      {children}
    </Box>
  );
}

function ButtonGrid({ values, columns }: { values: Button[]; columns: number }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: `repeat(${Math.max(1, columns)}, minmax(0, 1fr))`,
        gap: 0.75,
      }}
    >
      {values.map((button, index) =>
        button.text === '' && button.payload === '' ? (
          // Padding of the last row: keeps the grid shape, shows nothing.
          <Box key={index} data-testid="preview-button-empty" />
        ) : (
          <Button
            key={index}
            variant="outlined"
            size="small"
            title={button.payload || undefined}
            sx={{ bgcolor: 'background.paper', textTransform: 'none', minWidth: 0, overflowWrap: 'anywhere' }}
            data-testid="preview-button"
          >
            {button.text || button.payload}
          </Button>
        ),
      )}
    </Box>
  );
}

function Content({ content }: { content: ResponseContent }) {
  const { t } = useTranslation();
  switch (content.type) {
    case 'text':
      return (
        <>
          {content.values.map((value, index) => (
            <Bubble key={index} testId="preview-text">
              <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
                {value}
              </Typography>
            </Bubble>
          ))}
        </>
      );
    case 'buttons':
      return (
        <Box data-testid="preview-buttons" data-columns={content.num_of_column}>
          <ButtonGrid values={content.values} columns={content.num_of_column} />
        </Box>
      );
    case 'image':
      return (
        <Box data-testid="preview-image" data-size={content.size} sx={{ width: '100%' }}>
          {content.url ? (
            <Box
              component="img"
              src={content.url}
              alt=""
              sx={{ width: `${content.size * 10}%`, display: 'block', borderRadius: 2 }}
            />
          ) : (
            <Box
              sx={{
                width: `${content.size * 10}%`,
                aspectRatio: '4 / 3',
                borderRadius: 2,
                border: 1,
                borderStyle: 'dashed',
                borderColor: 'divider',
              }}
            />
          )}
        </Box>
      );
    case 'cards':
      return (
        <Box
          data-testid="preview-cards"
          sx={{ display: 'flex', gap: 1, overflowX: 'auto', pb: 0.5, scrollSnapType: 'x mandatory' }}
        >
          {content.cards.map((card) => (
            <Paper
              key={card.id}
              variant="outlined"
              sx={{ flex: '0 0 200px', scrollSnapAlign: 'start', overflow: 'hidden' }}
              data-testid="preview-card"
            >
              {card.image_url && (
                <Box
                  component="img"
                  src={card.image_url}
                  alt=""
                  sx={{ width: '100%', height: 110, objectFit: 'cover', display: 'block' }}
                />
              )}
              <Box sx={{ p: 1 }}>
                <Typography variant="subtitle2">{card.title}</Typography>
                {card.description && (
                  <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 0.5 }}>
                    {card.description}
                  </Typography>
                )}
                {card.buttons.length > 0 && <ButtonGrid values={card.buttons} columns={1} />}
              </Box>
            </Paper>
          ))}
        </Box>
      );
    case 'list':
      return (
        <Paper variant="outlined" data-testid="preview-list" sx={{ overflow: 'hidden' }}>
          {content.elements.map((element, index) => (
            <Box key={index}>
              {index > 0 && <Divider />}
              <Box
                sx={{ display: 'flex', gap: 1, p: 1, alignItems: 'center' }}
                title={element.payload || undefined}
                data-testid="preview-list-element"
              >
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Typography variant="subtitle2">{element.title}</Typography>
                  {element.subtitle && (
                    <Typography variant="caption" color="text.secondary">
                      {element.subtitle}
                    </Typography>
                  )}
                </Box>
                {element.image_url && (
                  <Box
                    component="img"
                    src={element.image_url}
                    alt=""
                    sx={{ width: 48, height: 48, objectFit: 'cover', borderRadius: 1 }}
                  />
                )}
              </Box>
            </Box>
          ))}
        </Paper>
      );
    case 'dropdown':
      return (
        <Bubble testId="preview-dropdown">
          <Typography variant="body2" sx={{ mb: 0.5 }}>
            {content.title}
          </Typography>
          <Box
            component="select"
            defaultValue=""
            aria-label={content.title}
            sx={{ width: '100%', p: 0.75, borderRadius: 1, borderColor: 'divider', font: 'inherit' }}
          >
            <option value="" disabled>
              {t('responses.preview.choose')}
            </option>
            {content.values.map((value, index) => (
              <option key={index} value={index}>
                {value.text || value.payload}
              </option>
            ))}
          </Box>
        </Bubble>
      );
  }
}

/**
 * A response as a device shows it: speech, text bubbles, a button grid of `num_of_column`
 * columns, an image `size × 10 %` of the bubble width, cards, a list and a dropdown.
 */
export function ResponsePreview({ response }: { response: PreviewableResponse }) {
  const { t } = useTranslation();
  const empty = !response.speech && response.contents.length === 0;
  return (
    <Box
      data-testid="response-preview"
      sx={{
        bgcolor: (theme) => (theme.palette.mode === 'dark' ? 'grey.900' : '#eef1f6'),
        borderRadius: 2,
        p: 1.5,
        display: 'flex',
        flexDirection: 'column',
        gap: 1,
        alignItems: 'stretch',
        minWidth: 0,
      }}
    >
      {response.speech && (
        <Box
          sx={{ display: 'flex', gap: 0.75, alignItems: 'flex-start', color: 'text.secondary' }}
          data-testid="preview-speech"
        >
          <VolumeUpOutlined fontSize="small" aria-label={t('responses.preview.says')} />
          <Typography variant="body2" sx={{ fontStyle: 'italic', whiteSpace: 'pre-wrap' }}>
            {response.speech}
          </Typography>
        </Box>
      )}
      {response.contents.map((content, index) => (
        <Content key={index} content={content} />
      ))}
      {empty && (
        <Typography variant="caption" color="text.secondary" sx={{ textAlign: 'center', py: 2 }}>
          {t('responses.preview.empty')}
        </Typography>
      )}
    </Box>
  );
}
