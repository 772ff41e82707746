import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

/** Any tag: the select's value for "all labels" (a tag is never empty). */
const ALL = '';

export type TagFilterProps = {
  /** The tags in use on the device's chats. */
  tags: string[];
  /** The chosen tag; null: every chat. */
  value: string | null;
  onChange: (tag: string | null) => void;
};

/** The chat list's label filter: all chats, or those with one tag. */
export function TagFilter({ tags, value, onChange }: TagFilterProps) {
  const { t } = useTranslation();
  // A chosen tag no chat has any more stays offered, so the select still shows it.
  const options = value !== null && !tags.includes(value) ? [value, ...tags] : tags;
  return (
    <Box sx={{ px: 1, pt: 1 }}>
      <TextField
        select
        size="small"
        fullWidth
        label={t('chat.tags.filter')}
        value={value ?? ALL}
        onChange={(event) => onChange(event.target.value === ALL ? null : event.target.value)}
        slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'chat-tag-filter' } as object } }}
      >
        <MenuItem value={ALL} data-testid="chat-tag-option-all">
          {t('chat.tags.all')}
        </MenuItem>
        {options.map((tag) => (
          <MenuItem key={tag} value={tag} data-testid={`chat-tag-option-${tag}`}>
            {tag}
          </MenuItem>
        ))}
      </TextField>
    </Box>
  );
}
