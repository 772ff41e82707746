import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import PlaceIcon from '@mui/icons-material/Place';
import type { MapPoint } from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';

export type { MapPoint };

/** One arrow key moves the point this far (a fraction of the map); with Shift ten times as far. */
export const NUDGE_STEP = 0.005;

const clamp = (v: number) => Math.min(1, Math.max(0, v));
/** Four decimals: a tenth of a pixel on a 1,000 px plan, and stable numbers in the payload. */
const round = (v: number) => Math.round(v * 10_000) / 10_000;

/** The point where a pointer is over a box, clamped inside it. */
export function pointIn(
  rect: { left: number; top: number; width: number; height: number },
  x: number,
  y: number,
) {
  if (rect.width <= 0 || rect.height <= 0) return null;
  return { x: round(clamp((x - rect.left) / rect.width)), y: round(clamp((y - rect.top) / rect.height)) };
}

/** Where an arrow key moves the point; null for other keys. */
export function nudge(point: MapPoint, key: string, far: boolean): MapPoint | null {
  const step = far ? NUDGE_STEP * 10 : NUDGE_STEP;
  const moves: Record<string, [number, number]> = {
    ArrowLeft: [-step, 0],
    ArrowRight: [step, 0],
    ArrowUp: [0, -step],
    ArrowDown: [0, step],
  };
  const move = moves[key];
  if (!move) return null;
  return { x: round(clamp(point.x + move[0])), y: round(clamp(point.y + move[1])) };
}

const percent = (v: number) => `${(v * 100).toFixed(1)}%`;

/**
 * A map with a location's point: a click on the map places it, dragging the marker moves it, and
 * the focused marker moves with the arrow keys (Shift for bigger steps). Without a point, a button
 * places it in the middle so the keyboard alone can set it.
 */
export function MapPointPicker({
  imageUrl,
  mapName,
  point,
  onChange,
  disabled = false,
  testId = 'map-point-picker',
}: {
  imageUrl: string;
  mapName: string;
  point: MapPoint | null;
  onChange: (point: MapPoint) => void;
  disabled?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  const area = useRef<HTMLDivElement>(null);
  const [dragging, setDragging] = useState(false);

  const at = (event: { clientX: number; clientY: number }) => {
    const rect = area.current?.getBoundingClientRect();
    return rect ? pointIn(rect, event.clientX, event.clientY) : null;
  };

  const onAreaClick = (event: { clientX: number; clientY: number; target: EventTarget }) => {
    if (disabled || (event.target as HTMLElement).closest('[data-marker]')) return;
    const next = at(event);
    if (next) onChange(next);
  };

  const onMarkerPointerDown = (event: PointerEvent<HTMLElement>) => {
    if (disabled) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    event.currentTarget.focus();
    setDragging(true);
  };
  const onMarkerPointerMove = (event: PointerEvent<HTMLElement>) => {
    if (!dragging) return;
    const next = at(event);
    if (next) onChange(next);
  };
  const onMarkerPointerUp = (event: PointerEvent<HTMLElement>) => {
    if (!dragging) return;
    event.currentTarget.releasePointerCapture?.(event.pointerId);
    setDragging(false);
  };
  const onMarkerKey = (event: KeyboardEvent<HTMLElement>) => {
    if (disabled || !point) return;
    const next = nudge(point, event.key, event.shiftKey);
    if (!next) return;
    event.preventDefault();
    onChange(next);
  };

  return (
    <Box data-testid={testId}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} id={`${testId}-hint`}>
        {point ? t('locations.point.hint_move') : t('locations.point.hint_place')}
      </Typography>
      <Box
        ref={area}
        onClick={onAreaClick}
        data-testid={`${testId}-area`}
        sx={{
          position: 'relative',
          display: 'inline-block',
          maxWidth: '100%',
          lineHeight: 0,
          cursor: disabled ? 'default' : 'crosshair',
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          overflow: 'hidden',
          userSelect: 'none',
          touchAction: 'none',
        }}
      >
        <Box
          component="img"
          src={imageUrl}
          alt={t('locations.point.map_alt', { name: mapName })}
          draggable={false}
          sx={{ display: 'block', maxWidth: '100%', maxHeight: 420 }}
        />
        {point && (
          <Box
            data-marker
            role="button"
            tabIndex={disabled ? -1 : 0}
            aria-label={t('locations.point.marker', { x: percent(point.x), y: percent(point.y) })}
            aria-describedby={`${testId}-hint`}
            data-testid={`${testId}-marker`}
            data-x={point.x}
            data-y={point.y}
            onPointerDown={onMarkerPointerDown}
            onPointerMove={onMarkerPointerMove}
            onPointerUp={onMarkerPointerUp}
            onPointerCancel={onMarkerPointerUp}
            onKeyDown={onMarkerKey}
            sx={{
              position: 'absolute',
              left: percent(point.x),
              top: percent(point.y),
              // The pin's tip is the point.
              transform: 'translate(-50%, -100%)',
              color: 'error.main',
              cursor: disabled ? 'default' : dragging ? 'grabbing' : 'grab',
              lineHeight: 0,
              borderRadius: '50%',
              '&:focus-visible': { outline: 3, outlineStyle: 'solid', outlineColor: 'primary.main' },
            }}
          >
            <PlaceIcon sx={{ fontSize: 36, filter: 'drop-shadow(0 1px 2px rgba(0,0,0,.5))' }} />
          </Box>
        )}
      </Box>
      {!point && !disabled && (
        <Box sx={{ mt: 1 }}>
          <Button size="small" onClick={() => onChange({ x: 0.5, y: 0.5 })} data-testid={`${testId}-centre`}>
            {t('locations.point.place_centre')}
          </Button>
        </Box>
      )}
    </Box>
  );
}
