import { useCallback, useEffect, useMemo, useState } from 'react';
import type { DeviceConfig } from '@ambassador/contracts';
import { createDeviceApi, type DeviceApi } from '../api/device-api';
import { DeviceApiError } from '../api/device-client';
import { keyStore } from '../lib/key-store';
import { DEFAULT_TIMING, type Timing } from '../lib/timing';
import { createRealtime, type Realtime, type SocketFactory } from '../realtime/realtime-client';
import { followParts, withPart } from './live-parts';

/** Where the kiosk is with its server: no key, reaching it with the key, or configured. */
export type LinkStatus =
  | { name: 'pairing'; revoked: boolean }
  | { name: 'connecting' }
  | { name: 'offline'; status: number }
  | { name: 'ready' };

export type DeviceLink = {
  status: LinkStatus;
  timing: Timing;
  /** The paired key's device API (null while unpaired). */
  api: DeviceApi | null;
  /** The paired key's device socket (null while unpaired). */
  realtime: Realtime | null;
  /** The device's configuration as last read, each live part replaced as it changes. */
  config: DeviceConfig | null;
  /** A new key was accepted, with the configuration it came with. */
  paired: (key: string, config: DeviceConfig) => void;
  /** Forgets the key: back to pairing (`revoked`: the server refused it; else staff unpaired). */
  forget: (revoked: boolean) => void;
  /** Offline: try to reach the server again now. */
  retry: () => void;
  /** Reads the configuration again (what staff changed meanwhile); a failure keeps what there is. */
  reload: () => void;
};

export type DeviceLinkOptions = {
  timing?: Partial<Timing>;
  /** How the device socket is opened (tests pass a fake; the default loads socket.io-client). */
  socketFactory?: SocketFactory;
};

type SetConfig = (update: DeviceConfig | ((current: DeviceConfig | null) => DeviceConfig | null)) => void;

const refused = (error: unknown) => error instanceof DeviceApiError && error.status === 401;

/**
 * The kiosk's link to its server: the remembered key, its device API and socket, and the device's
 * configuration. A refused key (401) from any call, or from the socket, goes back to pairing; a
 * server that cannot be reached keeps the key and is tried again.
 */
export function useDeviceLink({ timing: overrides, socketFactory }: DeviceLinkOptions): DeviceLink {
  const [timing] = useState<Timing>(() => ({ ...DEFAULT_TIMING, ...overrides }));
  const [key, setKey] = useState<string | null>(() => keyStore.get());
  const [config, setConfig] = useState<DeviceConfig | null>(null);
  const [status, setStatus] = useState<LinkStatus>(() =>
    key ? { name: 'connecting' } : { name: 'pairing', revoked: false },
  );
  const [attempt, setAttempt] = useState(0);

  const forget = useCallback((revoked: boolean) => {
    keyStore.clear();
    setKey(null);
    setConfig(null);
    setStatus({ name: 'pairing', revoked });
  }, []);

  const api = useMemo(
    () =>
      key
        ? createDeviceApi({ key, timeoutMs: timing.requestTimeoutMs, onUnauthorized: () => forget(true) })
        : null,
    [key, timing.requestTimeoutMs, forget],
  );
  const realtime = useDeviceSocket({
    api,
    key,
    socketFactory,
    retryMs: timing.reconnectMs,
    forget,
    setConfig,
  });
  useLiveConfig(realtime, api, setConfig);

  // A remembered key: fetch the device's configuration, and keep trying while the server is away.
  const needsConfig = status.name === 'connecting' || status.name === 'offline';
  useEffect(() => {
    if (!api || !needsConfig) return;
    const controller = new AbortController();
    api.config(controller.signal).then(
      (loaded) => {
        setConfig(loaded);
        setStatus({ name: 'ready' });
      },
      (error: unknown) => {
        if (controller.signal.aborted || refused(error)) return;
        setStatus({ name: 'offline', status: error instanceof DeviceApiError ? error.status : 0 });
      },
    );
    return () => controller.abort();
  }, [api, needsConfig, attempt]);
  useEffect(() => {
    if (status.name !== 'offline') return;
    const timer = setTimeout(() => setAttempt((n) => n + 1), timing.reconnectMs);
    return () => clearTimeout(timer);
  }, [status, timing.reconnectMs]);

  const paired = useCallback((newKey: string, loaded: DeviceConfig) => {
    keyStore.set(newKey);
    setKey(newKey);
    setConfig(loaded);
    setStatus({ name: 'ready' });
  }, []);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const reload = useCallback(() => {
    api?.config().then(setConfig, () => undefined);
  }, [api]);

  return useMemo(
    () => ({ status, timing, api, realtime, config, paired, forget, retry, reload }),
    [status, timing, api, realtime, config, paired, forget, retry, reload],
  );
}

/**
 * One device socket per paired key: live chat, calls, announcements and the live configuration.
 * Made here, opened and closed by the effect (so strict mode's second run opens it again). When
 * the server closes it, the key is checked by reading the configuration.
 */
function useDeviceSocket({
  api,
  key,
  socketFactory,
  retryMs,
  forget,
  setConfig,
}: {
  api: DeviceApi | null;
  key: string | null;
  socketFactory: SocketFactory | undefined;
  retryMs: number;
  forget: (revoked: boolean) => void;
  setConfig: SetConfig;
}): Realtime | null {
  const realtime = useMemo(
    () =>
      api && key
        ? createRealtime({
            key,
            factory: socketFactory,
            onUnauthorized: () => forget(true),
            // A 401 here goes back to pairing by itself (the API's onUnauthorized).
            verifyKey: () =>
              api.config().then(
                (loaded) => {
                  setConfig(loaded);
                  return true;
                },
                (error: unknown) => !refused(error),
              ),
            retryMs,
          })
        : null,
    [api, key, socketFactory, forget, retryMs, setConfig],
  );
  useEffect(() => {
    realtime?.open();
    return () => realtime?.close();
  }, [realtime]);
  return realtime;
}

/**
 * What an operator changes (Interface Settings, the current event, the avatar) shows at once, on
 * every screen: each live part is replaced as its socket event arrives. On a reconnection (not
 * the first connection) the configuration is read again, for a change made while the socket was away.
 */
function useLiveConfig(realtime: Realtime | null, api: DeviceApi | null, setConfig: SetConfig) {
  useEffect(() => {
    if (!realtime || !api) return;
    const offParts = followParts(realtime, (key, value) =>
      setConfig((current) => (current ? withPart(current, key, value) : current)),
    );
    let first = true;
    const offConnect = realtime.onConnect(() => {
      if (first) {
        first = false;
        return;
      }
      api.config().then(setConfig, () => undefined);
    });
    return () => {
      offParts();
      offConnect();
    };
  }, [realtime, api, setConfig]);
}
