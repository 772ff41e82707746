import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { DeviceApiError } from '../api/device-client';
import type { PairingKey } from '../i18n/pairing-strings';
import { Bilingual, bilingualText } from './bilingual';
import { GearIcon } from './icons';

/**
 * Staff-only, in a corner: holding the gear for `holdMs` (pointer, or Enter/Space held) opens the
 * staff settings, where the device's staff PIN (set in the console) unpairs the kiosk. A tap by a
 * visitor does nothing; without the PIN nobody on site can unpair it (the console still can).
 */
export function StaffSettings({
  holdMs,
  unpair,
  onUnpaired,
}: {
  holdMs: number;
  /** Asks the server to check the PIN (and log the unpairing); rejects with its refusal. */
  unpair: (pin: string) => Promise<unknown>;
  onUnpaired: () => void;
}) {
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const hold = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOpen(true), holdMs);
  };
  const release = () => clearTimeout(timer.current);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <>
      <button
        type="button"
        className="k-unpair"
        data-testid="kiosk-staff-settings"
        aria-label={bilingualText('settings')}
        title={bilingualText('settings')}
        onPointerDown={hold}
        onPointerUp={release}
        onPointerLeave={release}
        onPointerCancel={release}
        onContextMenu={(e) => e.preventDefault()}
        onKeyDown={(e) => {
          if ((e.key === 'Enter' || e.key === ' ') && !e.repeat) hold();
        }}
        onKeyUp={release}
      >
        <GearIcon />
      </button>
      {open && <PinDialog unpair={unpair} onUnpaired={onUnpaired} onClose={() => setOpen(false)} />}
    </>
  );
}

const REFUSALS: Record<string, PairingKey> = {
  wrong_pin: 'wrongPin',
  no_staff_pin: 'noPin',
  locked_out: 'pinLocked',
  validation_error: 'wrongPin',
};

/** Why the PIN was refused: its own code, the network, or a server that could not answer (5xx). */
function refusalOf(err: unknown): { k: PairingKey; status?: number } {
  if (!(err instanceof DeviceApiError) || err.isNetwork) return { k: 'network' };
  const own = REFUSALS[err.code];
  if (own) return { k: own };
  return err.status >= 500 ? { k: 'serverError', status: err.status } : { k: 'network' };
}

function PinDialog({
  unpair,
  onUnpaired,
  onClose,
}: {
  unpair: (pin: string) => Promise<unknown>;
  onUnpaired: () => void;
  onClose: () => void;
}) {
  const id = useId();
  const [pin, setPin] = useState('');
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<{ k: PairingKey; status?: number } | null>(null);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || pin.length === 0) return;
    setBusy(true);
    setRefusal(null);
    try {
      await unpair(pin);
      onUnpaired();
    } catch (err) {
      setRefusal(refusalOf(err));
      setPin('');
      setBusy(false);
    }
  };
  return (
    <div className="k-overlay" data-testid="kiosk-staff-dialog">
      {/* A form may not be a dialog (axe aria-allowed-role): the dialog holds the form. */}
      <div
        className="k-card k-staff-pin"
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        lang="en"
        onKeyDown={(e) => e.key === 'Escape' && onClose()}
      >
        <form className="k-staff-pin-form" onSubmit={(e) => void submit(e)}>
          <h2 id={`${id}-title`} className="k-staff-pin-title">
            <Bilingual k="settings" />
          </h2>
          <p className="k-muted">
            <Bilingual k="staffHint" />
          </p>
          <label className="k-field" htmlFor={`${id}-pin`}>
            <span>
              <Bilingual k="pinLabel" />
            </span>
            <input
              ref={input}
              id={`${id}-pin`}
              className="k-input"
              type="password"
              inputMode="numeric"
              autoComplete="off"
              maxLength={8}
              value={pin}
              onChange={(e) => setPin(e.target.value.replace(/\D/g, ''))}
              data-testid="kiosk-staff-pin"
            />
          </label>
          {refusal && (
            <p className="k-alert" role="alert" data-testid="kiosk-staff-error">
              <Bilingual k={refusal.k} values={{ status: refusal.status ?? '' }} />
            </p>
          )}
          <div className="k-staff-pin-actions">
            <button
              type="button"
              className="k-btn k-btn-outline"
              onClick={onClose}
              data-testid="kiosk-staff-cancel"
            >
              <Bilingual k="cancel" />
            </button>
            <button
              type="submit"
              className="k-btn k-btn-primary"
              disabled={busy || pin.length < 4}
              aria-busy={busy}
              data-testid="kiosk-staff-unpair"
            >
              <Bilingual k={busy ? 'unpairing' : 'unpair'} />
            </button>
          </div>
        </form>
      </div>
    </div>
  );
}
