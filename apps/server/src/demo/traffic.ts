import { randomUUID } from 'node:crypto';
import { DEVICE_API_PREFIX, IDEMPOTENCY_HEADER, type Language } from '@ambassador/contracts';
import { buildApp } from '../app.js';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import type { Clock } from '../lib/clock.js';
import { rng } from '../matcher/model.js';
import { createDevicesRepo, createDevicesService } from '../modules/devices/index.js';
import { COMMENTS, DEMO_TOPICS, OFF_TOPIC, type DemoTopic } from './content.js';
import { DEMO_LANGUAGES, inLanguage, type DemoLanguage } from './seed-content.js';

/** A clock the generator sets before each call, so visits spread over past days. */
class ReplayClock implements Clock {
  t = Date.now();
  now = () => new Date(this.t);
}

export interface TrafficOptions {
  config: Config;
  database: Database;
  deviceId: number;
  /** Questions to send. */
  count: number;
  /** Visits are spread over this many days up to now. */
  days?: number;
  seed?: number;
  onProgress?: (sent: number) => void;
  /** Ends the traffic between two visits (the server is stopping). */
  signal?: AbortSignal;
}

const MINUTE = 60_000;

/**
 * Sends visitor traffic to a device through the real device API (HTTP, with a short-lived key of
 * the device) and the real matcher: sessions in the device's languages, questions from the demo
 * topics and some that match nothing, ratings and comments. Each call runs at a replayed time
 * within the last `days` days. Returns the number of questions logged.
 */
export async function sendDemoTraffic(
  opts: TrafficOptions,
): Promise<{ questions: number; sessions: number }> {
  const { config, database, deviceId, count, days = 90 } = opts;
  const random = rng(opts.seed ?? deviceId * 7919 + count);
  const clock = new ReplayClock();
  // Replayed traffic is answered by words: a model process per seeding app would add a start-up and
  // about 12 ms a question to the first start, for conversations that are only demo data.
  // Replayed at its own pace: the per-client throttles are for visitors, not for this.
  const app = await buildApp({
    config: { ...config, EMBEDDINGS: 'none', ASKS_PER_DEVICE_PER_MINUTE: 0, SIGNIN_PER_IP_PER_MINUTE: 0 },
    database,
    clock,
  });
  const devices = createDevicesService({ repo: createDevicesRepo(database.db), clock });
  const { key, revoke } = await devices.issueToolKey(deviceId);
  try {
    const headers = { authorization: `Bearer ${key}` };
    const call = async <T>(url: string, payload?: object, extra: Record<string, string> = {}): Promise<T> => {
      const res = await app.inject({
        method: payload ? 'POST' : 'GET',
        url: `${DEVICE_API_PREFIX}${url}`,
        headers: { ...headers, ...extra },
        ...(payload && { payload }),
      });
      if (res.statusCode !== 200)
        throw new Error(`demo traffic: ${url} answered ${res.statusCode} ${res.body}`);
      return res.json().data as T;
    };
    const deviceConfig = await call<{ device: { languages: Language[] } }>('/config');
    const languages = DEMO_LANGUAGES.filter((l) => deviceConfig.device.languages.includes(l));
    if (languages.length === 0) return { questions: 0, sessions: 0 };

    const pool: Array<Omit<DemoTopic, 'category' | 'sub'>> = DEMO_TOPICS.flatMap((t) => [
      t,
      ...(t.sub ?? []),
    ]);
    const totalWeight = pool.reduce((sum, t) => sum + t.weight, 0);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
    const pickTopic = () => {
      let r = random() * totalWeight;
      for (const t of pool) if ((r -= t.weight) <= 0) return t;
      return pool[0]!;
    };
    const question = (language: DemoLanguage) => {
      if (random() < 0.12) return pick(inLanguage(OFF_TOPIC, language));
      const topic = pickTopic();
      // Mostly whole questions; sometimes just a keyword, as people type at a kiosk.
      return random() < 0.8
        ? pick(inLanguage(topic.asks, language))
        : pick(inLanguage(topic.keywords, language));
    };

    // Questions per session first (1 to 5, mostly short visits), then their start times in order,
    // so ids grow with time as in real traffic.
    const plan: number[] = [];
    for (let planned = 0; planned < count; planned += plan[plan.length - 1]!) {
      plan.push(Math.min(count - planned, 1 + Math.floor(random() * random() * 5)));
    }
    const now = Date.now();
    const starts: number[] = [];
    while (starts.length < plan.length) {
      // More visits on recent days and at weekends; opening hours 10:00 to 22:00 local.
      const day = Math.floor(days * (1 - Math.sqrt(random())));
      const date = new Date(now - day * 86_400_000);
      date.setHours(10 + Math.floor(random() * 12), Math.floor(random() * 60), Math.floor(random() * 60), 0);
      const weekend = date.getDay() === 0 || date.getDay() === 6;
      if (!weekend && random() < 0.25) continue;
      if (date.getTime() < now - 10 * MINUTE) starts.push(date.getTime());
    }
    starts.sort((a, b) => a - b);

    let sent = 0;
    for (const [index, start] of starts.entries()) {
      if (opts.signal?.aborted) break;
      clock.t = start;
      const language = languages[Math.floor(random() * random() * languages.length)]!;
      const session = await call<{ session_id: string }>('/sessions', { language });
      const asks = plan[index]!;
      for (let i = 0; i < asks; i++) {
        clock.t += (10 + random() * 50) * 1000;
        const answer = await call<{ conversation_id: number; fallback: boolean }>(
          '/ask',
          { session_id: session.session_id, text: question(language), language },
          { [IDEMPOTENCY_HEADER]: randomUUID() },
        );
        sent++;
        if (random() < 0.3) {
          const up = answer.fallback ? random() < 0.25 : random() < 0.85;
          clock.t += 5_000;
          await call(`/conversations/${answer.conversation_id}/rating`, {
            rating: up ? 1 : -1,
            comment: random() < 0.25 ? pick(up ? COMMENTS.up : COMMENTS.down) : '',
          });
        }
      }
      if (random() < 0.8) {
        clock.t += (5 + random() * 40) * 1000 + (random() < 0.1 ? 3 * MINUTE : 0);
        await call(`/sessions/${session.session_id}/end`, {});
      }
      if (sent % 500 < asks) opts.onProgress?.(sent);
    }
    return { questions: sent, sessions: plan.length };
  } finally {
    await revoke();
    await app.close();
  }
}
