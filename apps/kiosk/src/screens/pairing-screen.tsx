import { useRef, useState, type FormEvent } from 'react';
import type { DeviceConfig } from '@ambassador/contracts';
import { DEVICE_KEY_PREFIX } from '@ambassador/contracts/names';
import { createDeviceApi } from '../api/device-api';
import { DeviceApiError } from '../api/device-client';
import { Bilingual, bilingualText } from '../components/bilingual';
import type { PairingKey } from '../i18n/pairing-strings';

type Problem = { k: PairingKey; status?: number; detail?: string };

type Props = {
  /** Why the kiosk is back here (its key stopped working), if it was paired before. */
  revoked: boolean;
  timeoutMs: number;
  onPaired: (key: string, config: DeviceConfig) => void;
};

function problemOf(error: unknown): Problem {
  if (!(error instanceof DeviceApiError) || error.isNetwork) return { k: 'network' };
  if (error.status === 401) return { k: 'wrongKey' };
  if (error.status >= 500) return { k: 'serverError', status: error.status };
  // 403 and the like carry a readable message from the server.
  return { k: 'wrongKey', detail: error.message };
}

/** The first screen of a new kiosk: paste the device key, pair, and the device's screen appears. */
export function PairingScreen({ revoked, timeoutMs, onPaired }: Props) {
  const [key, setKey] = useState('');
  const [visible, setVisible] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(revoked ? { k: 'revoked' } : null);
  const inFlight = useRef(false);

  async function pair(event: FormEvent) {
    event.preventDefault();
    // Pasted keys often carry a newline or spaces.
    const trimmed = key.trim();
    if (!trimmed || inFlight.current) return;
    if (!trimmed.startsWith(DEVICE_KEY_PREFIX)) {
      setProblem({ k: 'badFormat' });
      return;
    }
    inFlight.current = true;
    setBusy(true);
    setProblem(null);
    try {
      const config = await createDeviceApi({ key: trimmed, timeoutMs }).config();
      onPaired(trimmed, config);
    } catch (error) {
      setProblem(problemOf(error));
      setBusy(false);
    } finally {
      inFlight.current = false;
    }
  }

  return (
    <main className="k-pairing" lang="en">
      <form className="k-card k-pair-form" onSubmit={pair} noValidate>
        <h1 className="k-pair-title">
          <Bilingual k="title" />
        </h1>
        <p className="k-muted">
          <Bilingual k="hint" />
        </p>
        <label className="k-field-label" htmlFor="kiosk-key">
          <Bilingual k="keyLabel" />
        </label>
        <div className="k-key-row">
          <input
            id="kiosk-key"
            className="k-input"
            data-testid="kiosk-key"
            type={visible ? 'text' : 'password'}
            value={key}
            onChange={(e) => {
              setKey(e.target.value);
              if (problem && problem.k !== 'revoked') setProblem(null);
            }}
            autoComplete="off"
            autoCapitalize="off"
            autoCorrect="off"
            spellCheck={false}
            autoFocus
            aria-invalid={problem !== null && problem.k !== 'revoked'}
            aria-describedby={problem ? 'kiosk-pair-error' : undefined}
          />
          <button
            type="button"
            className="k-btn k-btn-ghost"
            onClick={() => setVisible((v) => !v)}
            aria-pressed={visible}
            aria-label={bilingualText(visible ? 'hide' : 'show')}
          >
            {visible ? <Bilingual k="hide" /> : <Bilingual k="show" />}
          </button>
        </div>
        {problem && (
          <p id="kiosk-pair-error" className="k-alert" role="alert" data-testid="kiosk-pair-error">
            <Bilingual k={problem.k} values={{ status: problem.status ?? '' }} />
            {problem.detail && <span className="k-alert-detail">{problem.detail}</span>}
          </p>
        )}
        <button
          type="submit"
          className="k-btn k-btn-primary k-btn-block"
          data-testid="kiosk-pair"
          disabled={busy || key.trim() === ''}
          aria-busy={busy}
        >
          {busy ? <Bilingual k="pairing" /> : <Bilingual k="pair" />}
        </button>
      </form>
    </main>
  );
}
