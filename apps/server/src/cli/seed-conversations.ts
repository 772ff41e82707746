/**
 * npm run seed:conversations -- --count N --device ID [--days 90]
 * Sends N visitor questions to a device through the device API (with a short-lived key of the
 * device, revoked afterwards), spread over the last `days` days. With the embedded database, stop
 * the server first: PGlite allows one process at a time.
 */
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { ConfigError, loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { devices } from '../db/schema.js';
import { sendDemoTraffic } from '../demo/traffic.js';

const usage = 'Usage: npm run seed:conversations -- --count N --device ID [--days 90]';

function positive(value: string | undefined, name: string, max: number): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > max)
    throw new Error(`--${name} must be a whole number from 1 to ${max}.\n${usage}`);
  return n;
}

try {
  const { values } = parseArgs({
    options: {
      count: { type: 'string' },
      device: { type: 'string' },
      days: { type: 'string', default: '90' },
    },
  });
  const count = positive(values.count, 'count', 10_000_000);
  const deviceId = positive(values.device, 'device', 2 ** 31 - 1);
  const days = positive(values.days, 'days', 3650);
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    const [device] = await database.db.select().from(devices).where(eq(devices.id, deviceId));
    if (!device) throw new Error(`No device with id ${deviceId}.`);
    const started = Date.now();
    console.log(
      `Sending ${count} questions to "${device.description}" (device ${deviceId}) over ${days} days…`,
    );
    const result = await sendDemoTraffic({
      config,
      database,
      deviceId,
      count,
      days,
      seed: started,
      onProgress: (sent) => console.log(`  ${sent} / ${count}`),
    });
    const seconds = (Date.now() - started) / 1000;
    console.log(
      `Logged ${result.questions} conversations in ${result.sessions} visitor sessions in ${seconds.toFixed(1)} s ` +
        `(${Math.round(result.questions / seconds)} questions/s).`,
    );
  } finally {
    await database.close();
  }
} catch (e) {
  console.error(e instanceof ConfigError || e instanceof Error ? e.message : e);
  process.exit(1);
}
