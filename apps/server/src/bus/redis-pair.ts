import { createClient } from 'redis';
import type { BusLog } from './bus.js';

/**
 * A publish and a subscribe connection to Redis that reconnect with backoff. An outage is logged
 * once (with `whenDown`), never fatal, and never holds up start-up: `connect()` is fired and
 * forgotten, and commands wait in the clients' queues meanwhile. Callers connect once they have
 * set the clients up (the socket.io adapter must subscribe before the first connect).
 */
export function createRedisPair(url: string, log: BusLog, names: [string, string], whenDown: string) {
  const pub = createClient({
    url,
    socket: { reconnectStrategy: (retries: number) => Math.min(200 * 2 ** retries, 5_000) },
  });
  const sub = pub.duplicate();
  for (const [name, client] of [
    [names[0], pub],
    [names[1], sub],
  ] as const) {
    let down = false;
    client.on('error', (err: unknown) => {
      if (!down) log.error({ err, client: name }, whenDown);
      down = true;
    });
    client.on('ready', () => {
      if (down) log.info({ client: name }, 'redis reachable again');
      down = false;
    });
  }
  return {
    pub,
    sub,
    connect() {
      for (const client of [pub, sub]) client.connect().catch(() => undefined);
    },
    /** `ok` with both connections up and ready; `down` while Redis is unreachable and they reconnect. */
    state: (): 'ok' | 'down' => (pub.isReady && sub.isReady ? 'ok' : 'down'),
    /**
     * Lets commands already sent get their replies (a publish rejected by destroy() is unhandled
     * inside the socket.io adapter), then destroys whatever is left: a client that is down or slow
     * gets 2 s. The async wrapper: a client that never connected may throw instead of rejecting.
     */
    close: async () => {
      await Promise.allSettled(
        [sub, pub].map(async (client) => {
          if (client.isReady) {
            const drained = client.close().then(() => true);
            const late = new Promise<false>((resolve) => setTimeout(() => resolve(false), 2_000).unref());
            if (await Promise.race([drained, late])) return;
          }
          client.destroy();
        }),
      );
    },
  };
}
