import type { ReactNode } from 'react';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';

export type RowActionProps = {
  /** Tooltip and accessible name; when disabled, `disabledReason` is shown instead. */
  label: string;
  /** Names the row for screen readers: "Edit: mary". */
  item: string;
  icon: ReactNode;
  onClick: () => void;
  disabledReason?: string;
  testId?: string;
};

/** An icon button in a table row, with a tooltip that also explains why it is disabled. */
export function RowAction({ label, item, icon, onClick, disabledReason, testId }: RowActionProps) {
  const disabled = Boolean(disabledReason);
  return (
    <Tooltip title={disabledReason ?? label}>
      {/* A disabled button fires no events: the span keeps the tooltip working. */}
      <span>
        <IconButton
          onClick={onClick}
          disabled={disabled}
          aria-label={`${label}: ${item}`}
          data-testid={testId}
        >
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );
}
