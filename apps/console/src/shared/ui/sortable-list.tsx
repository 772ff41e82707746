import { useState, type DragEvent, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from './visually-hidden';

export type SortableListProps<T> = {
  items: readonly T[];
  getKey: (item: T) => string | number;
  /** What the item is called in the buttons' labels and the announcement ("summer.png"). */
  getName: (item: T) => string;
  /** The list's accessible name. */
  label: string;
  /**
   * Moves an item (by drag, or by its arrows); `announcement` says where it went, for the
   * caller's confirmation. The list announces it to screen readers itself.
   */
  onMove: (from: number, to: number, announcement: string) => void;
  onDelete: (item: T) => void;
  /** While a change is being saved the arrows wait. */
  busy?: boolean;
  /** What each row shows between its drag handle and its buttons. */
  renderItem: (item: T, index: number) => ReactNode;
  /** More buttons of a row (an edit pencil), drawn on one line before its arrows and delete. */
  renderActions?: (item: T, index: number) => ReactNode;
  /** `data-testid` of each row, and of its delete button. */
  itemTestId: string;
  deleteTestId: string;
};

/**
 * An ordered list whose rows move by drag and drop or by their up and down buttons (the keyboard's
 * way, announced in a live region), each with a delete button. The carousel banners and the idle
 * screen's images and videos are listed with it.
 */
export function SortableList<T>({
  items,
  getKey,
  getName,
  label,
  onMove,
  onDelete,
  busy = false,
  renderItem,
  renderActions,
  itemTestId,
  deleteTestId,
}: SortableListProps<T>) {
  const { t } = useTranslation();
  const [dragging, setDragging] = useState<number | null>(null);
  const [announce, setAnnounce] = useState('');

  const move = (from: number, to: number) => {
    if (to < 0 || to >= items.length || from === to) return;
    const message = t('sortable.moved', { name: getName(items[from]!), position: to + 1 });
    setAnnounce(message);
    onMove(from, to, message);
  };

  const onDrop = (event: DragEvent, to: number) => {
    event.preventDefault();
    if (dragging !== null) move(dragging, to);
    setDragging(null);
  };

  return (
    <>
      <Box component="ol" aria-label={label} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
        {items.map((item, index) => {
          const name = getName(item);
          return (
            <Box
              component="li"
              key={getKey(item)}
              data-testid={itemTestId}
              draggable
              onDragStart={() => setDragging(index)}
              onDragOver={(event: DragEvent) => event.preventDefault()}
              onDrop={(event: DragEvent) => onDrop(event, index)}
              onDragEnd={() => setDragging(null)}
              sx={{
                display: 'flex',
                alignItems: 'center',
                gap: 1.5,
                flexWrap: 'wrap',
                p: 1,
                border: 1,
                borderColor: 'divider',
                borderRadius: 1,
                opacity: dragging === index ? 0.5 : 1,
              }}
            >
              <DragIndicatorIcon sx={{ cursor: 'grab', color: 'text.secondary' }} aria-hidden="true" />
              {renderItem(item, index)}
              {/* The row's buttons stay on one line at its end, when its content wraps too. */}
              <Box
                data-testid="sortable-actions"
                sx={{ display: 'flex', alignItems: 'center', flexShrink: 0, ml: 'auto' }}
              >
                {renderActions?.(item, index)}
                <IconButton
                  aria-label={t('sortable.move_up', { name })}
                  disabled={index === 0 || busy}
                  onClick={() => move(index, index - 1)}
                >
                  <ArrowUpwardIcon />
                </IconButton>
                <IconButton
                  aria-label={t('sortable.move_down', { name })}
                  disabled={index === items.length - 1 || busy}
                  onClick={() => move(index, index + 1)}
                >
                  <ArrowDownwardIcon />
                </IconButton>
                <IconButton
                  aria-label={t('sortable.delete', { name })}
                  data-testid={deleteTestId}
                  onClick={() => onDelete(item)}
                >
                  <DeleteOutlineIcon />
                </IconButton>
              </Box>
            </Box>
          );
        })}
      </Box>
      <Box role="status" aria-live="polite" sx={visuallyHidden}>
        {announce}
      </Box>
    </>
  );
}

/** Moves one element of a list: a new list. */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}
