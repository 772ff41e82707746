import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { systemClock } from '../lib/clock.js';
import { createDevicesRepo } from '../modules/devices/index.js';
import type { StartupLog } from '../bootstrap.js';
import { seedDemoContent } from './seed-content.js';
import { seedDemoEvents } from './seed-events.js';
import { seedDemoSmallTalk } from './seed-small-talk.js';
import { sendDemoTraffic } from './traffic.js';

/** Share of the demo conversations each seeded device gets: the lobby is the busiest. */
const TRAFFIC_SHARE = [0.5, 0.2, 0.3];

/**
 * The demo project's content: the demo topics on every device (and an example event with its quiz
 * on the ambassadors, an example topic filter). Seeded on the first start under the startup lock,
 * before the server says it is ready, so every instance starts on the whole of it.
 */
export async function seedDemo(database: Database, projectId: number) {
  const devices = await createDevicesRepo(database.db).listByProject(projectId);
  for (const device of devices) {
    await seedDemoContent(database.db, systemClock, device);
    await seedDemoEvents(database.db, systemClock, device);
    await seedDemoSmallTalk(database.db, systemClock, device);
  }
}

/**
 * Visitor traffic over the last 90 days sent through the device API (not written as rows), so the
 * dashboard and the conversation review have something true to show. It runs after the server is
 * ready (the console is usable at once; this is only history) and says how far it got; a server
 * stopped meanwhile ends it between two visits, `signal` aborted, and keeps what was sent.
 */
export async function sendDemoVisitors(
  config: Config,
  database: Database,
  projectId: number,
  log: StartupLog,
  signal?: AbortSignal,
) {
  const started = Date.now();
  const devices = await createDevicesRepo(database.db).listByProject(projectId);
  const counts = devices.map((_, i) => Math.round(config.DEMO_CONVERSATIONS * (TRAFFIC_SHARE[i] ?? 0.1)));
  const total = counts.reduce((sum, n) => sum + n, 0);
  let questions = 0;
  log.info({ conversations: total }, `demo visitor history: sending ${total} questions in the background`);
  for (const [i, device] of devices.entries()) {
    const count = counts[i]!;
    if (count === 0 || signal?.aborted) continue;
    const before = questions;
    const sent = await sendDemoTraffic({
      config,
      database,
      deviceId: device.id,
      count,
      signal,
      onProgress: (n) =>
        log.info(
          { sent: before + n, of: total },
          `demo visitor history: ${before + n} of ${total} questions`,
        ),
    });
    questions += sent.questions;
  }
  log.info(
    { devices: devices.length, conversations: questions, ms: Date.now() - started },
    signal?.aborted
      ? `demo visitor history: stopped with the server after ${questions} of ${total} questions`
      : `demo visitor history: done, ${questions} questions in ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
}
