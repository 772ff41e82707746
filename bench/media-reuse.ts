/**
 * What adding and deleting a banner costs beside many responses that show images (issue 39): the
 * media checks look through every text that may name a file (responses, events, pushes), so their
 * cost grows with the responses. 20,000 responses (BENCH_RESPONSES), each showing its own image
 * (a media row whose file it names), are written with SQL; then, BENCH_N times (default 30), an
 * image is uploaded as the response editor does (not timed), made a banner by its media id
 * (POST /carousel/media, timed) and deleted (DELETE /carousel, timed), in-process through
 * `app.inject` as the admin.
 *
 * Run: npm run bench:media-reuse                  (PGlite in a temp dir)
 *      DATABASE_URL=postgres://…/fresh_db npm run bench:media-reuse   (a fresh, empty database)
 */
import { sql } from 'drizzle-orm';
import { solidPng } from '../apps/server/src/test/image-fixtures.js';
import { BENCH_ADMIN, benchApp } from './support.js';

const RESPONSES = Number(process.env.BENCH_RESPONSES ?? 20_000);
const N = Number(process.env.BENCH_N ?? 30);
const DEVICE = 1;

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
function summary(name: string, ms: number[]) {
  const s = [...ms].sort((a, b) => a - b);
  console.log(
    `${name}: n=${ms.length} p50=${pct(s, 50).toFixed(1)} ms p95=${pct(s, 95).toFixed(1)} ms max=${s.at(-1)!.toFixed(1)} ms`,
  );
}

const bench = await benchApp();
const { app, database } = bench;
console.log(`database: ${database.kind}, node ${process.version}, ${RESPONSES} image responses`);
const login = (await app.inject({ method: 'POST', url: '/admin_panel/login', payload: BENCH_ADMIN })).json()
  .data;
const headers = { access_token: login.access_token, auth_project_id: String(login.auth_project_id) };
const call = async (method: 'POST' | 'DELETE', url: string, payload: object) => {
  const res = await app.inject({ method, url: `/admin_panel${url}`, headers, payload });
  if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json().data;
};

const category = await call('POST', '/ai_config/intents/category', { device_id: DEVICE, name: 'Bench' });
const topic = await call('POST', '/ai_config/intents/intent', {
  device_id: DEVICE,
  name: 'Bench images',
  category_id: category.category_id,
});
const started = performance.now();
await database.db.execute(sql`
  insert into media (project_id, filename, original_name, mime, size, kind, sha256, files)
  select d.project_id, lpad(to_hex(i), 64, '0') || '.png', 'response ' || i || '.png', 'image/png', 1000,
    'image', lpad(to_hex(i), 64, '0'), array[lpad(to_hex(i), 64, '0') || '.png']
  from generate_series(1, ${RESPONSES}) i, devices d where d.id = ${DEVICE}`);
await database.db.execute(sql`
  insert into ai_responses (topic_id, device_id, language, device_type, response_aim, response_type, speech, contents)
  select ${topic.id}, ${DEVICE}, 'english', 'ambassador', 'give_info', 'image', 'Here it is, number ' || i || '.',
    jsonb_build_array(jsonb_build_object('type', 'text', 'values', jsonb_build_array('See the picture below.')),
      jsonb_build_object('type', 'image', 'url', '/media/' || lpad(to_hex(i), 64, '0') || '.png'))
  from generate_series(1, ${RESPONSES}) i`);
await database.db.execute(sql`analyze`);
console.log(`written in ${((performance.now() - started) / 1000).toFixed(1)} s`);

/** An upload as the response editor sends it: a new media row (and the stored file, once). */
async function upload(png: Buffer, name: string) {
  const boundary = `----bench${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await app.inject({
    method: 'POST',
    url: `/admin_panel/ai_config/upload?device_id=${DEVICE}`,
    headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  return res.json().data.media_id as number;
}

/** Makes a banner of `mediaId` and deletes it: the two times. */
async function addAndDelete(mediaId: number) {
  let t0 = performance.now();
  const banners = (await call('POST', '/carousel/media', {
    device_id: DEVICE,
    media_ids: [mediaId],
  })) as Array<{
    image_id: number;
  }>;
  const added = performance.now() - t0;
  t0 = performance.now();
  await call('DELETE', '/carousel', { device_id: DEVICE, image_id: banners.at(-1)!.image_id });
  return [added, performance.now() - t0] as const;
}

const add: number[] = [];
const remove: number[] = [];
const removeShared: number[] = [];
for (let i = 0; i < N + 3; i += 1) {
  const png = await solidPng(40, 30, `#${(0x100000 + i * 977).toString(16).slice(-6)}`);
  // Its own file: the delete looks for its names in every text.
  const [added, removed] = await addAndDelete(await upload(png, `banner${i}.png`));
  // A file another row holds too (uploaded twice): the delete needs no text.
  await upload(png, `again${i}.png`);
  const [, removedShared] = await addAndDelete(await upload(png, `again${i}.png`));
  // The first rounds warm the caches and the plans.
  if (i >= 3) {
    add.push(added);
    remove.push(removed);
    removeShared.push(removedShared);
  }
}
summary('POST /carousel/media (one banner)', add);
summary('DELETE /carousel (one banner, its file its own)', remove);
summary('DELETE /carousel (one banner, its file held by another upload too)', removeShared);
await bench.close();
