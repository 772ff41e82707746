import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';

/**
 * Long text on one line (or `lines` lines) with an ellipsis; the whole text in a tooltip when it
 * may be cut. Without `maxWidth` it takes the width of its cell.
 */
export function TruncatedText({
  text,
  maxWidth,
  lines = 1,
  empty = '—',
  testId,
}: {
  text: string | null | undefined;
  maxWidth?: number;
  lines?: number;
  empty?: string;
  testId?: string;
}) {
  const value = text?.trim() ?? '';
  if (!value) {
    return (
      <Typography variant="body2" color="text.disabled" data-testid={testId}>
        {empty}
      </Typography>
    );
  }
  const line = (
    <Typography
      variant="body2"
      data-testid={testId}
      sx={{
        maxWidth: maxWidth ?? '100%',
        overflow: 'hidden',
        textOverflow: 'ellipsis',
        ...(lines > 1
          ? {
              display: '-webkit-box',
              WebkitLineClamp: lines,
              WebkitBoxOrient: 'vertical',
              overflowWrap: 'anywhere',
            }
          : { whiteSpace: 'nowrap' }),
      }}
    >
      {value}
    </Typography>
  );
  // About 7 px per Latin letter, twice that for Chinese: past this it may be cut.
  const fits = value.length * (/[\u3000-\u9fff]/.test(value) ? 14 : 7) < (maxWidth ?? 100) * lines;
  return fits ? (
    line
  ) : (
    <Tooltip
      title={value}
      enterDelay={400}
      slotProps={{ tooltip: { sx: { whiteSpace: 'pre-wrap', maxWidth: 420 } } }}
    >
      {line}
    </Tooltip>
  );
}
