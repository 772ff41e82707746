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
 * The demo project's realistic start: the demo topics on every device (and an example event with
 * its quiz on the ambassadors, an example topic filter), then visitor traffic over the
 * last 90 days sent through the device API (not written as rows), so the dashboard and the
 * conversation review have something true to show.
 */
export async function seedDemo(config: Config, database: Database, projectId: number, log: StartupLog) {
  const started = Date.now();
  const devices = await createDevicesRepo(database.db).listByProject(projectId);
  for (const device of devices) {
    await seedDemoContent(database.db, systemClock, device);
    await seedDemoEvents(database.db, systemClock, device);
    await seedDemoSmallTalk(database.db, systemClock, device);
  }
  let questions = 0;
  for (const [i, device] of devices.entries()) {
    const count = Math.round(config.DEMO_CONVERSATIONS * (TRAFFIC_SHARE[i] ?? 0.1));
    if (count === 0) continue;
    log.info({ device: device.description, conversations: count }, 'sending demo visitor traffic');
    const sent = await sendDemoTraffic({ config, database, deviceId: device.id, count });
    questions += sent.questions;
  }
  log.info(
    { devices: devices.length, conversations: questions, ms: Date.now() - started },
    'seeded the demo topics and visitor conversations',
  );
}
