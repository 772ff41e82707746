import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Slider from '@mui/material/Slider';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import CloseIcon from '@mui/icons-material/Close';
import {
  BUTTON_COLUMNS,
  IMAGE_SIZE,
  padButtons,
  type Language,
  type ResponseButton,
  type ResponseContent,
} from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';
import {
  emptyButton,
  newCard,
  newListElement,
  type ButtonsContent,
  type CardsContent,
  type ListContent,
} from '../lib/response-draft';
import { ResponseImageField } from './response-image-field';
import { PayloadField } from './payload-field';

/** Translated error of a path under this content ("values.0.text"), if any. */
export type ErrorAt = (path: string) => string | undefined;

type EditorProps<C extends ResponseContent> = {
  content: C;
  onChange: (content: C) => void;
  language: Language;
  errorAt: ErrorAt;
};

function RemoveButton({
  label,
  onClick,
  disabled,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
}) {
  return (
    <Tooltip title={label}>
      <span>
        <IconButton size="small" onClick={onClick} disabled={disabled} aria-label={label}>
          <CloseIcon fontSize="small" />
        </IconButton>
      </span>
    </Tooltip>
  );
}

function TextEditor({ content, onChange, errorAt }: EditorProps<Extract<ResponseContent, { type: 'text' }>>) {
  const { t } = useTranslation();
  const setValue = (index: number, value: string) =>
    onChange({ ...content, values: content.values.map((v, i) => (i === index ? value : v)) });
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      {content.values.map((value, index) => (
        <Box key={index} sx={{ display: 'flex', gap: 0.5, alignItems: 'flex-start' }}>
          <TextField
            label={t('responses.fields.text_value', { n: index + 1 })}
            value={value}
            onChange={(event) => setValue(index, event.target.value)}
            multiline
            minRows={2}
            fullWidth
            size="small"
            error={Boolean(errorAt(`values.${index}`))}
            helperText={errorAt(`values.${index}`)}
            slotProps={{ htmlInput: { 'data-testid': `compose-text-${index}`, maxLength: 2000 } }}
          />
          {content.values.length > 1 && (
            <RemoveButton
              label={t('responses.compose.remove')}
              onClick={() => onChange({ ...content, values: content.values.filter((_, i) => i !== index) })}
            />
          )}
        </Box>
      ))}
      <Box>
        <Button
          size="small"
          startIcon={<AddIcon />}
          disabled={content.values.length >= 20}
          onClick={() => onChange({ ...content, values: [...content.values, ''] })}
        >
          {t('responses.fields.add_text')}
        </Button>
      </Box>
    </Box>
  );
}

/** Text and payload of a list of buttons (buttons content, card buttons, dropdown options). */
function ButtonRows({
  values,
  onChange,
  language,
  errorAt,
  testIdPrefix,
  textLabel,
  removable,
}: {
  values: ResponseButton[];
  onChange: (values: ResponseButton[]) => void;
  language: Language;
  errorAt: ErrorAt;
  testIdPrefix?: string;
  textLabel: (index: number) => string;
  removable: boolean;
}) {
  const { t } = useTranslation();
  const set = (index: number, patch: Partial<ResponseButton>) =>
    onChange(values.map((v, i) => (i === index ? { ...v, ...patch } : v)));
  return (
    <>
      {values.map((button, index) => (
        <Box key={index} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
          <TextField
            size="small"
            label={textLabel(index)}
            value={button.text}
            onChange={(event) => set(index, { text: event.target.value })}
            sx={{ flex: 1, minWidth: 140 }}
            error={Boolean(errorAt(`${index}.text`))}
            helperText={errorAt(`${index}.text`)}
            slotProps={{
              htmlInput: {
                maxLength: 80,
                ...(testIdPrefix && { 'data-testid': `${testIdPrefix}-text-${index}` }),
              },
            }}
          />
          <PayloadField
            value={button.payload}
            onChange={(payload) => set(index, { payload })}
            language={language}
            error={errorAt(`${index}.payload`)}
            {...(testIdPrefix && { testId: `${testIdPrefix}-payload-${index}` })}
          />
          {removable && (
            <RemoveButton
              label={t('responses.fields.remove_button')}
              onClick={() => onChange(values.filter((_, i) => i !== index))}
            />
          )}
        </Box>
      ))}
    </>
  );
}

function ButtonsEditor({ content, onChange, language, errorAt }: EditorProps<ButtonsContent>) {
  const { t } = useTranslation();
  const columns = content.num_of_column;
  const padTo = Math.min(BUTTON_COLUMNS.max, Math.max(BUTTON_COLUMNS.min, columns || 1));
  const setColumns = (raw: string) => {
    const parsed = Math.floor(Number(raw));
    const next = Number.isFinite(parsed) ? Math.min(BUTTON_COLUMNS.max, Math.max(0, parsed)) : 0;
    // A new column count re-pads the buttons to whole rows (the contract pads the same way).
    onChange({ ...content, num_of_column: next, values: padButtons(content.values, Math.max(1, next)) });
  };
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <TextField
        size="small"
        type="number"
        label={t('responses.fields.columns')}
        value={Number.isFinite(columns) ? columns : ''}
        onChange={(event) => setColumns(event.target.value)}
        sx={{ width: 120 }}
        error={Boolean(errorAt('num_of_column'))}
        helperText={errorAt('num_of_column')}
        slotProps={{
          htmlInput: {
            min: BUTTON_COLUMNS.min,
            max: BUTTON_COLUMNS.max,
            step: 1,
            'data-testid': 'compose-columns',
          },
        }}
      />
      <ButtonRows
        values={content.values}
        onChange={(values) => onChange({ ...content, values })}
        language={language}
        errorAt={(path) => errorAt(`values.${path}`)}
        testIdPrefix="compose-button"
        textLabel={(index) => t('responses.fields.button_text', { n: index + 1 })}
        removable={content.values.length > 1}
      />
      <Box>
        <Button
          size="small"
          startIcon={<AddIcon />}
          disabled={content.values.length + padTo > 40}
          onClick={() =>
            onChange({
              ...content,
              // A whole new row, so the grid stays rectangular.
              values: [...content.values, ...Array.from({ length: padTo }, emptyButton)],
            })
          }
        >
          {t('responses.fields.add_button')}
        </Button>
      </Box>
    </Box>
  );
}

function ImageEditor({
  content,
  onChange,
  errorAt,
}: EditorProps<Extract<ResponseContent, { type: 'image' }>>) {
  const { t } = useTranslation();
  const setSize = (value: number) =>
    onChange({ ...content, size: Number.isFinite(value) ? Math.min(IMAGE_SIZE.max, Math.max(0, value)) : 0 });
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <ResponseImageField
        value={content.url}
        onChange={(url) => onChange({ ...content, url })}
        testId="compose-image-file"
        error={errorAt('url')}
      />
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
        <Typography variant="body2" sx={{ minWidth: 48 }}>
          {t('responses.fields.size')}
        </Typography>
        <Slider
          value={content.size}
          min={IMAGE_SIZE.min}
          max={IMAGE_SIZE.max}
          step={1}
          marks
          valueLabelDisplay="auto"
          onChange={(_event, value) => setSize(value)}
          sx={{ flex: 1, maxWidth: 260 }}
          aria-label={t('responses.fields.size')}
        />
        <TextField
          size="small"
          type="number"
          value={Number.isFinite(content.size) ? content.size : ''}
          onChange={(event) => setSize(Math.floor(Number(event.target.value)))}
          sx={{ width: 90 }}
          error={Boolean(errorAt('size'))}
          slotProps={{
            htmlInput: {
              min: IMAGE_SIZE.min,
              max: IMAGE_SIZE.max,
              step: 1,
              'data-testid': 'compose-image-size',
              'aria-label': t('responses.fields.size'),
            },
          }}
        />
      </Box>
      <Typography variant="caption" color={errorAt('size') ? 'error' : 'text.secondary'}>
        {errorAt('size') ?? t('responses.fields.size_hint', { percent: content.size * 10 })}
      </Typography>
    </Box>
  );
}

function CardsEditor({ content, onChange, language, errorAt }: EditorProps<CardsContent>) {
  const { t } = useTranslation();
  const setCard = (index: number, patch: Partial<CardsContent['cards'][number]>) =>
    onChange({ ...content, cards: content.cards.map((c, i) => (i === index ? { ...c, ...patch } : c)) });
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      {content.cards.map((card, index) => (
        <Paper
          key={card.id}
          variant="outlined"
          sx={{ p: 1.5, display: 'grid', gap: 1 }}
          data-testid={`compose-card-${index}`}
        >
          <Box sx={{ display: 'flex', alignItems: 'center' }}>
            <Typography variant="subtitle2" sx={{ flex: 1 }}>
              {t('responses.fields.card', { n: index + 1 })}
            </Typography>
            {content.cards.length > 1 && (
              <RemoveButton
                label={t('responses.compose.remove')}
                onClick={() => onChange({ ...content, cards: content.cards.filter((_, i) => i !== index) })}
              />
            )}
          </Box>
          <ResponseImageField
            value={card.image_url}
            onChange={(image_url) => setCard(index, { image_url })}
            testId={`compose-card-image-file-${index}`}
            error={errorAt(`cards.${index}.image_url`)}
            removable
          />
          <TextField
            size="small"
            label={t('responses.fields.title')}
            value={card.title}
            onChange={(event) => setCard(index, { title: event.target.value })}
            required
            error={Boolean(errorAt(`cards.${index}.title`))}
            helperText={errorAt(`cards.${index}.title`)}
            slotProps={{ htmlInput: { maxLength: 120, 'data-testid': `compose-card-title-${index}` } }}
          />
          <TextField
            size="small"
            label={t('responses.fields.description')}
            value={card.description}
            onChange={(event) => setCard(index, { description: event.target.value })}
            multiline
            minRows={2}
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
          <ButtonRows
            values={card.buttons}
            onChange={(buttons) => setCard(index, { buttons })}
            language={language}
            errorAt={(path) => errorAt(`cards.${index}.buttons.${path}`)}
            textLabel={(b) => t('responses.fields.button_text', { n: b + 1 })}
            removable
          />
          <Box>
            <Button
              size="small"
              startIcon={<AddIcon />}
              disabled={card.buttons.length >= 6}
              onClick={() => setCard(index, { buttons: [...card.buttons, emptyButton()] })}
            >
              {t('responses.fields.add_button')}
            </Button>
          </Box>
        </Paper>
      ))}
      <Box>
        <Button
          size="small"
          startIcon={<AddIcon />}
          disabled={content.cards.length >= 10}
          onClick={() => onChange({ ...content, cards: [...content.cards, newCard()] })}
        >
          {t('responses.fields.add_card')}
        </Button>
      </Box>
    </Box>
  );
}

function ListEditor({ content, onChange, language, errorAt }: EditorProps<ListContent>) {
  const { t } = useTranslation();
  const setElement = (index: number, patch: Partial<ListContent['elements'][number]>) =>
    onChange({
      ...content,
      elements: content.elements.map((e, i) => (i === index ? { ...e, ...patch } : e)),
    });
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      {content.elements.map((element, index) => (
        <Paper key={index} variant="outlined" sx={{ p: 1.5, display: 'grid', gap: 1 }}>
          <Box sx={{ display: 'flex', alignItems: 'center' }}>
            <Typography variant="subtitle2" sx={{ flex: 1 }}>
              {t('responses.fields.element', { n: index + 1 })}
            </Typography>
            {content.elements.length > 1 && (
              <RemoveButton
                label={t('responses.compose.remove')}
                onClick={() =>
                  onChange({ ...content, elements: content.elements.filter((_, i) => i !== index) })
                }
              />
            )}
          </Box>
          <TextField
            size="small"
            label={t('responses.fields.title')}
            value={element.title}
            onChange={(event) => setElement(index, { title: event.target.value })}
            required
            error={Boolean(errorAt(`elements.${index}.title`))}
            helperText={errorAt(`elements.${index}.title`)}
            slotProps={{ htmlInput: { maxLength: 120, 'data-testid': `compose-list-title-${index}` } }}
          />
          <TextField
            size="small"
            label={t('responses.fields.subtitle')}
            value={element.subtitle}
            onChange={(event) => setElement(index, { subtitle: event.target.value })}
            slotProps={{ htmlInput: { maxLength: 300 } }}
          />
          <ResponseImageField
            value={element.image_url}
            onChange={(image_url) => setElement(index, { image_url })}
            testId={`compose-list-image-file-${index}`}
            error={errorAt(`elements.${index}.image_url`)}
            removable
          />
          <PayloadField
            value={element.payload}
            onChange={(payload) => setElement(index, { payload })}
            language={language}
            error={errorAt(`elements.${index}.payload`)}
          />
        </Paper>
      ))}
      <Box>
        <Button
          size="small"
          startIcon={<AddIcon />}
          disabled={content.elements.length >= 20}
          onClick={() => onChange({ ...content, elements: [...content.elements, newListElement()] })}
        >
          {t('responses.fields.add_element')}
        </Button>
      </Box>
    </Box>
  );
}

function DropdownEditor({
  content,
  onChange,
  language,
  errorAt,
}: EditorProps<Extract<ResponseContent, { type: 'dropdown' }>>) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <TextField
        size="small"
        label={t('responses.fields.title')}
        value={content.title}
        onChange={(event) => onChange({ ...content, title: event.target.value })}
        required
        error={Boolean(errorAt('title'))}
        helperText={errorAt('title')}
        slotProps={{ htmlInput: { maxLength: 120, 'data-testid': 'compose-dropdown-title' } }}
      />
      <ButtonRows
        values={content.values}
        onChange={(values) => onChange({ ...content, values })}
        language={language}
        errorAt={(path) => errorAt(`values.${path}`)}
        testIdPrefix="compose-option"
        textLabel={(index) => t('responses.fields.option', { n: index + 1 })}
        removable={content.values.length > 1}
      />
      <Box>
        <Button
          size="small"
          startIcon={<AddIcon />}
          disabled={content.values.length >= 50}
          onClick={() => onChange({ ...content, values: [...content.values, emptyButton()] })}
        >
          {t('responses.fields.add_option')}
        </Button>
      </Box>
    </Box>
  );
}

/** The form of one content of a response, by its kind. */
export function ContentEditor(props: EditorProps<ResponseContent>) {
  const { content } = props;
  const { onChange } = props;
  switch (content.type) {
    case 'text':
      return <TextEditor {...props} content={content} onChange={onChange} />;
    case 'buttons':
      return <ButtonsEditor {...props} content={content} onChange={onChange} />;
    case 'image':
      return <ImageEditor {...props} content={content} onChange={onChange} />;
    case 'cards':
      return <CardsEditor {...props} content={content} onChange={onChange} />;
    case 'list':
      return <ListEditor {...props} content={content} onChange={onChange} />;
    case 'dropdown':
      return <DropdownEditor {...props} content={content} onChange={onChange} />;
  }
}
