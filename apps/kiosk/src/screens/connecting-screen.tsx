import type { DeviceApi } from '../api/device-api';
import { Bilingual } from '../components/bilingual';
import { StaffSettings } from '../components/staff-settings';

type Props = {
  /** Null while the first try is under way; else the status of the last failed one (0: unreachable). */
  offline: { status: number } | null;
  api: DeviceApi | null;
  staffHoldMs: number;
  onRetry: () => void;
  /** Staff unpaired the kiosk with the device's PIN. */
  onUnpaired: () => void;
};

/** A remembered key while the device's configuration is being read, or the server is away. */
export function ConnectingScreen({ offline, api, staffHoldMs, onRetry, onUnpaired }: Props) {
  return (
    <main className="k-connecting" lang="en">
      <div className="k-corner">
        {api && (
          <StaffSettings
            holdMs={staffHoldMs}
            unpair={(pin) => api.staffUnpair(pin)}
            onUnpaired={onUnpaired}
          />
        )}
      </div>
      {offline === null ? (
        <p className="k-connecting-text" role="status">
          <Bilingual k="connecting" />
        </p>
      ) : (
        <div className="k-card k-offline" role="alert" data-testid="kiosk-offline">
          <p>
            {offline.status >= 500 ? (
              <Bilingual k="serverError" values={{ status: offline.status }} />
            ) : (
              <Bilingual k="offline" />
            )}
          </p>
          <button type="button" className="k-btn k-btn-primary" onClick={onRetry}>
            <Bilingual k="retryNow" />
          </button>
        </div>
      )}
    </main>
  );
}
