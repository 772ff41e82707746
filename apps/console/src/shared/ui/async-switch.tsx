import { useState } from 'react';
import Box from '@mui/material/Box';
import Switch from '@mui/material/Switch';
import { Spinner } from '@/shared/ui/spinner';

export type AsyncSwitchProps = {
  /** The saved value. */
  checked: boolean;
  /** Saves the new value; resolve true when saved. The switch shows the new value only then. */
  onChange: (next: boolean) => Promise<boolean>;
  label: string;
  testId?: string;
  disabled?: boolean;
};

/**
 * A switch for a saved flag: it flips only after the update succeeded, stays (reverts)
 * on failure, and ignores clicks while the update runs.
 */
export function AsyncSwitch({ checked, onChange, label, testId, disabled = false }: AsyncSwitchProps) {
  const [saved, setSaved] = useState(checked);
  const [pending, setPending] = useState(false);
  // A new saved value from the server (refetch, another screen) wins once nothing is pending.
  const [seen, setSeen] = useState(checked);
  if (checked !== seen) {
    setSeen(checked);
    if (!pending) setSaved(checked);
  }

  const toggle = async (next: boolean) => {
    if (pending) return;
    setPending(true);
    try {
      const ok = await onChange(next);
      setSaved(ok ? next : saved);
    } catch {
      setSaved(saved);
    } finally {
      setPending(false);
    }
  };

  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', position: 'relative' }}>
      <Switch
        checked={saved}
        disabled={disabled || pending}
        onChange={(event) => void toggle(event.target.checked)}
        slotProps={{ input: { 'aria-label': label, 'data-testid': testId } as object }}
        data-testid={testId ? `${testId}-switch` : undefined}
        data-checked={saved ? 'true' : 'false'}
        data-pending={pending ? 'true' : 'false'}
      />
      {pending && <Spinner size={14} sx={{ position: 'absolute', right: -10 }} aria-hidden="true" />}
    </Box>
  );
}
