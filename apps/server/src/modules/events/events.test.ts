import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  SOCKET,
  type Event,
  type EventOverview,
  type KioskEvent,
  type UploadResult,
} from '@ambassador/contracts';
import { MEDIA_SWEEP } from '../../jobs/housekeeping.js';
import { askable, eventCalls, ttsActivity } from '../../test/events.js';
import {
  TINY_PNG,
  backends,
  createUser,
  multipartFiles,
  solidPng,
  type Session,
} from '../../test/harness.js';
import { projectFixture } from '../../test/project.js';
import { makeVideo } from '../../test/media-fixtures.js';
import {
  closeSockets,
  collect,
  connected,
  createDevice,
  deviceSocket,
  nextMessage,
  caughtUp,
} from '../../test/sockets.js';
import { deviceCall } from '../../test/tenant.js';

const HTML = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
let TINY_MP4: Buffer;
let work: string;

beforeAll(async () => {
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'ac-events-'));
  TINY_MP4 = await makeVideo(work, 'welcome.mp4', { video: 'libx264', audio: 'aac', faststart: true });
});
afterAll(() => fs.rm(work, { recursive: true, force: true }));

describe.each(backends)('events on %s', (kind) => {
  const t = projectFixture(kind, {
    devices: { lobby: 'Event Lobby Kiosk' },
    other: { foreign: 'Foreign Event Kiosk' },
  });
  const { admin, otherAdmin: other } = t;
  const { lobby, foreign } = t.devices;
  let editor: Session;
  const { call, data, quiz, question, readyQuiz, event, save } = eventCalls(t, () => admin);

  beforeAll(async () => {
    editor = (await createUser(t.app, admin, { username: `events_editor_${kind}`, role_id: 3 })).session;
  });
  afterEach(() => closeSockets());

  const get = (id: number, device = lobby.id): Promise<Event> =>
    data('GET', `/event/${id}?device_id=${device}`);
  const overview = (device = lobby.id): Promise<EventOverview> =>
    data('GET', `/overview?device_id=${device}`);
  const upload = (files: Array<{ name: string; content: Buffer }>, device = lobby.id, s = admin) => {
    const body = multipartFiles(files);
    return t.app.inject({
      method: 'POST',
      url: `/admin_panel/event_manager/upload?device_id=${device}`,
      headers: { ...s.headers, ...body.headers },
      payload: body.payload,
    });
  };
  const kioskConfig = async (key = lobby.key) =>
    (await deviceCall(t.app, key, 'GET', '/config')) as { event: KioskEvent | null };
  /** A device with nothing current (each test starts from its own events). */
  const endAll = async (device = lobby.id) => {
    const { active } = await overview(device);
    if (active) await data('PUT', `/event/${active.id}`, { device_id: device, is_active: false });
  };

  it('creates events in the device’s languages and lists them newest first, none current', async () => {
    const first = await event(lobby.id, '  Open Day  ', ['english', 'cantonese']);
    t.clock.advance(1000);
    const second = await event(lobby.id, 'Night Tour', ['english']);
    expect(first).toMatchObject({
      title: 'Open Day',
      languages: ['cantonese', 'english'],
      is_active: false,
      is_complete: false,
      flows: {},
      version: 1,
      updated_by: 'admin',
    });
    expect(await get(first.id)).toEqual(first);
    const { events, active } = await overview();
    expect(events.slice(0, 2).map((e) => e.title)).toEqual(['Night Tour', 'Open Day']);
    expect(active).toBeNull();

    const german = await call('POST', '/event', {
      device_id: lobby.id,
      title: 'Oktober',
      languages: ['german'],
    });
    expect(german.statusCode).toBe(400);
    expect(german.json().error).toBe('language_not_offered');
    const untitled = await call('POST', '/event', {
      device_id: lobby.id,
      title: '  ',
      languages: ['english'],
    });
    expect(untitled.statusCode).toBe(400);
    expect(untitled.json().issues[0]).toMatchObject({ path: ['title'], key: 'name_required' });

    await data('DELETE', `/event/${second.id}?device_id=${lobby.id}`);
    expect((await call('GET', `/event/${second.id}?device_id=${lobby.id}`)).statusCode).toBe(404);
  });

  it('saves drafts with fields missing, but refuses to make them current, naming every field', async () => {
    const english = await quiz(lobby.id, 'English only', ['english']);
    await question(lobby.id, english.quiz_id, { contents: { english: askable() } });
    const draftQuiz = await quiz(lobby.id, 'Half done', ['cantonese']);
    await question(lobby.id, draftQuiz.quiz_id, { contents: { cantonese: { text: '未完成' } } });
    const draft = await event(lobby.id, 'Draft Fair', ['english', 'cantonese']);
    const flows = {
      english: [
        { type: 'video', key: 'v1', repeat_option: 'once' }, // no upload
        { type: 'tts', key: 't1', script: 'Hello', is_countdown: true }, // no speech, no countdown
        { type: 'nlp', key: 'n1' },
      ],
      cantonese: [
        { type: 'quiz', key: 'q1', quiz_id: english.quiz_id }, // the quiz has no Cantonese
        { type: 'quiz', key: 'q2', quiz_id: draftQuiz.quiz_id }, // its question is not complete
        { type: 'video', key: 'v2', repeat_option: 'repeat', url: '/media/clip.mp4' }, // repeat without times
      ],
    };
    const saved = await save(lobby.id, draft.id, { version: draft.version, flows });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ version: 2, is_active: false, is_complete: false });
    expect((await overview()).events.find((e) => e.id === draft.id)?.is_complete).toBe(false);

    const current = await save(lobby.id, draft.id, { is_active: true });
    expect(current.statusCode).toBe(400);
    const body = current.json();
    expect(body.error).toBe('validation_error');
    expect(body.message).toMatch(/^Fields incompleted\./);
    expect(body.issues.map((i: { path: unknown[]; key: string }) => [i.path.join('.'), i.key])).toEqual([
      ['flows.cantonese.0.quiz_id', 'event_quiz_language'],
      ['flows.cantonese.1.quiz_id', 'event_quiz_incomplete'],
      ['flows.cantonese.2.repeat_times', 'field_required'],
      ['flows.english.0.url', 'event_video_required'],
      ['flows.english.1.speech', 'field_required'],
      ['flows.english.1.countdown', 'field_required'],
    ]);
    expect(await get(draft.id)).toMatchObject({ is_active: false, version: 2 });

    // An empty flow is incomplete too.
    const empty = await event(lobby.id, 'Empty', ['english']);
    const refused = await save(lobby.id, empty.id, { is_active: true });
    expect(refused.json().issues).toEqual([
      expect.objectContaining({ path: ['flows', 'english'], key: 'event_flow_empty' }),
    ]);
  });

  it('keeps flows to the event’s languages and its quizzes to the device’s', async () => {
    const made = await event(lobby.id, 'Languages', ['english']);
    const outside = await save(lobby.id, made.id, { flows: { mandarin: [{ type: 'nlp', key: 'n' }] } });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().error).toBe('language_not_offered');

    const north = await createDevice(t.app, admin, 'North Event Kiosk');
    const theirs = await readyQuiz(north.id, 'North quiz', ['english']);
    const stray = await save(lobby.id, made.id, {
      flows: { english: [{ type: 'quiz', key: 'q', quiz_id: theirs.quiz_id }] },
    });
    expect(stray.statusCode).toBe(400);
    expect(stray.json().error).toBe('quiz_not_on_device');
    const twice = await save(lobby.id, made.id, {
      flows: {
        english: [
          { type: 'nlp', key: 'same' },
          { type: 'nlp', key: 'same' },
        ],
      },
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().issues[0].path).toEqual(['flows', 'english', 1, 'key']);

    // Adding a language and its flow at once; taking a language off drops its flow.
    const both = await save(lobby.id, made.id, {
      languages: ['english', 'mandarin'],
      flows: { english: [{ type: 'nlp', key: 'e' }], mandarin: [{ type: 'nlp', key: 'm' }] },
    });
    expect(Object.keys(both.json().data.flows).sort()).toEqual(['english', 'mandarin']);
    const fewer = await save(lobby.id, made.id, { languages: ['english'] });
    expect(fewer.json().data.flows).toEqual({ english: [{ type: 'nlp', key: 'e' }] });
  });

  it('tells the later of two saves from one version, and changes nothing for it', async () => {
    const made = await event(lobby.id, 'Shared Edit', ['english']);
    const first = await save(lobby.id, made.id, {
      version: made.version,
      title: 'First Title',
      flows: { english: [ttsActivity('a')] },
    });
    expect(first.statusCode).toBe(200);
    t.clock.advance(60_000);
    const second = await call(
      'PUT',
      `/event/${made.id}`,
      { device_id: lobby.id, version: made.version, title: 'Second Title', flows: { english: [] } },
      editor,
    );
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toBe('event_changed');
    expect(second.json().message).toContain('admin saved this event at');
    expect(await get(made.id)).toMatchObject({
      title: 'First Title',
      version: 2,
      updated_by: 'admin',
      flows: { english: [expect.objectContaining({ key: 'a' })] },
    });
    // Reloaded, the second editor's save goes through.
    const again = await call(
      'PUT',
      `/event/${made.id}`,
      { device_id: lobby.id, version: 2, title: 'Second Title' },
      editor,
    );
    expect(again.json().data).toMatchObject({
      title: 'Second Title',
      version: 3,
      updated_by: `events_editor_${kind}`,
    });
  });

  it('plays the current event on the device’s kiosks, resolved, and tells them of every change', async () => {
    await endAll();
    const socket = await connected(deviceSocket(t.url, lobby.key));
    const pushed = collect<KioskEvent | null>(socket, SOCKET.eventActive);
    const [image, video] = (await upload([
      // Wider than the web-sized copy (1,600 px): kiosks get the copy.
      { name: 'stage.png', content: await solidPng(2400, 60, '#336699') },
      { name: 'welcome.mp4', content: TINY_MP4 },
    ]).then((r) => r.json().data)) as UploadResult[];
    const trivia = await readyQuiz(lobby.id, 'Trivia', ['english', 'cantonese']);
    await data('PUT', `/quiz/${trivia.quiz_id}/onboard`, {
      device_id: lobby.id,
      is_on: true,
      contents: { english: { text: 'Three questions!' } },
    });
    await data('PUT', `/quiz/${trivia.quiz_id}/ending`, { device_id: lobby.id, is_on: true, contents: {} });
    const show = await event(lobby.id, 'Live Show', ['english', 'cantonese', 'mandarin']);
    const englishFlow = [
      { type: 'video', key: 'v', repeat_option: 'repeat', repeat_times: 2, url: video!.url },
      { ...ttsActivity('t'), image_url: image!.url },
      { type: 'quiz', key: 'q', quiz_id: trivia.quiz_id },
      { type: 'nlp', key: 'n' },
    ];
    expect(image!.web_url).not.toBe(image!.url);
    const saved = await save(lobby.id, show.id, {
      flows: {
        english: englishFlow,
        cantonese: [{ type: 'video', key: 'v', repeat_option: 'once', url: video!.url }],
        mandarin: [{ type: 'nlp', key: 'n' }],
      },
      is_active: true,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ is_active: true, is_complete: true });

    const config = await kioskConfig();
    expect(config.event).toMatchObject({ event_id: show.id, version: 2, title: 'Live Show' });
    expect(config.event!.languages).toEqual(['cantonese', 'mandarin', 'english']);
    expect(config.event!.flows.english).toEqual([
      { type: 'video', key: 'v', plays: 3, url: video!.url },
      {
        type: 'tts',
        key: 't',
        script: 'Welcome to the show!',
        speech: 'Welcome to the show!',
        countdown: 5,
        image_url: image!.web_url,
      },
      {
        type: 'quiz',
        key: 'q',
        quiz: {
          quiz_id: trivia.quiz_id,
          name: 'Trivia',
          is_enabled_random_pick: false,
          pick_count: null,
          questions: [
            expect.objectContaining({
              title: 'Sky',
              text: 'What colour is the sky?',
              num_of_column: 2,
              buttons: [
                { text: 'Blue', payload: 'blue' },
                { text: 'Green', payload: 'green' },
              ],
              correct_answers: ['blue'],
            }),
          ],
          pages: {
            onboard: { text: 'Three questions!', speech: '', image_url: '' },
            ending: { text: '', speech: '', image_url: '' },
          },
        },
      },
      { type: 'nlp', key: 'n' },
    ]);
    expect(config.event!.flows.cantonese).toEqual([{ type: 'video', key: 'v', plays: 1, url: video!.url }]);
    await caughtUp(socket);
    expect(pushed.at(-1)).toEqual(config.event);

    // A quiz the current event plays changes: kiosks hear it at once.
    const changed = nextMessage<KioskEvent | null>(socket, SOCKET.eventActive);
    await data('PUT', `/quiz/${trivia.quiz_id}`, {
      device_id: lobby.id,
      is_enabled_random_pick: true,
      pick_count: 1,
    });
    const quizActivity = (await changed)!.flows.english!.find((a) => a.type === 'quiz');
    expect(quizActivity).toMatchObject({ quiz: { is_enabled_random_pick: true, pick_count: 1 } });

    // A quiz question made incomplete: that language's flow stops playing, the others go on.
    const q = (await data('GET', `/quiz/${trivia.quiz_id}?device_id=${lobby.id}`)).questions[0];
    const dropped = nextMessage<KioskEvent | null>(socket, SOCKET.eventActive);
    await data('PUT', `/quiz/${trivia.quiz_id}/question/${q.id}`, {
      device_id: lobby.id,
      title: 'Sky',
      contents: { english: { ...askable(), text: '' }, cantonese: askable() },
    });
    expect((await dropped)!.languages).toEqual(['cantonese', 'mandarin']);

    // Saving the current event with a missing field is refused; it keeps playing as it was.
    const broken = await save(lobby.id, show.id, {
      flows: {
        english: englishFlow,
        cantonese: [{ type: 'video', key: 'v', repeat_option: 'once', url: video!.url }],
        mandarin: [{ type: 'video', key: 'v', repeat_option: 'once' }],
      },
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().issues.map((i: { path: unknown[] }) => i.path.join('.'))).toEqual([
      'flows.mandarin.0.url',
      'flows.english.2.quiz_id',
    ]);
    expect((await kioskConfig()).event!.flows.mandarin).toEqual([{ type: 'nlp', key: 'n' }]);

    // Another event made current ends this one.
    const next = await event(lobby.id, 'Next Show', ['english']);
    const switched = nextMessage<KioskEvent | null>(socket, SOCKET.eventActive);
    await data('PUT', `/event/${next.id}`, {
      device_id: lobby.id,
      flows: { english: [{ type: 'nlp', key: 'n' }] },
      is_active: true,
    });
    expect((await switched)!.event_id).toBe(next.id);
    expect((await get(show.id)).is_active).toBe(false);
    expect((await overview()).active?.id).toBe(next.id);

    // Ending it: kiosks play no event.
    const ended = nextMessage<KioskEvent | null>(socket, SOCKET.eventActive);
    await data('PUT', `/event/${next.id}`, { device_id: lobby.id, is_active: false });
    expect(await ended).toBeNull();
    expect((await kioskConfig()).event).toBeNull();

    // Deleting the current event: the same.
    await data('PUT', `/event/${next.id}`, { device_id: lobby.id, is_active: true });
    const gone = nextMessage<KioskEvent | null>(socket, SOCKET.eventActive, 3_000, (e) => e === null);
    await data('DELETE', `/event/${next.id}`, { device_id: lobby.id });
    expect(await gone).toBeNull();
    expect((await overview()).active).toBeNull();
  });

  it('leaves other devices’ kiosks alone, and changes to events that are not current unsaid', async () => {
    await endAll();
    const north = await createDevice(t.app, admin, 'Quiet Event Kiosk');
    const socket = await connected(deviceSocket(t.url, north.key));
    const heard = collect(socket, SOCKET.eventActive);
    const made = await event(lobby.id, 'Elsewhere', ['english']);
    await data('PUT', `/event/${made.id}`, {
      device_id: lobby.id,
      flows: { english: [{ type: 'nlp', key: 'n' }] },
    });
    await data('PUT', `/event/${made.id}`, { device_id: lobby.id, is_active: true });
    await data('PUT', `/event/${made.id}`, { device_id: lobby.id, is_active: false });
    await caughtUp(socket);
    expect(heard).toEqual([]);
    expect((await kioskConfig(north.key)).event).toBeNull();
  });

  it('keeps one current event per device when two are made current at once', async () => {
    await endAll();
    const flows = { english: [{ type: 'nlp', key: 'n' }] };
    const a = await event(lobby.id, 'Race A', ['english']);
    const b = await event(lobby.id, 'Race B', ['english']);
    await save(lobby.id, a.id, { flows });
    await save(lobby.id, b.id, { flows });
    const both = await Promise.all([
      save(lobby.id, a.id, { is_active: true }),
      save(lobby.id, b.id, { is_active: true }),
    ]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    const current = (await overview()).events.filter((e) => e.is_active);
    expect(current).toHaveLength(1);
    expect((await kioskConfig()).event?.event_id).toBe(current[0]!.id);
    await endAll();
  });

  it('duplicates an event as “<title> (copy)”, not current', async () => {
    await endAll();
    const made = await event(lobby.id, 'Original Event', ['english']);
    await data('PUT', `/event/${made.id}`, {
      device_id: lobby.id,
      flows: { english: [{ type: 'nlp', key: 'n' }] },
      is_active: true,
    });
    const copy: Event = await data('POST', `/event/${made.id}/duplicate`, { device_id: lobby.id });
    expect(copy).toMatchObject({
      title: 'Original Event (copy)',
      is_active: false,
      is_complete: true,
      version: 1,
      flows: { english: [{ type: 'nlp', key: 'n' }] },
    });
    expect((await overview()).active?.id).toBe(made.id);
    const long = await event(lobby.id, 'x'.repeat(100), ['english']);
    const longCopy: Event = await data('POST', `/event/${long.id}/duplicate?device_id=${lobby.id}`);
    expect(longCopy.title).toBe(`${'x'.repeat(93)} (copy)`);
    await endAll();
  });

  it('uploads images and videos, decided by their bytes, attached to nothing', async () => {
    const res = await upload([
      { name: 'poster.png', content: TINY_PNG },
      { name: 'intro.mp4', content: TINY_MP4 },
    ]);
    expect(res.statusCode).toBe(200);
    const files: UploadResult[] = res.json().data;
    expect(files.map((f) => [f.kind, f.mime])).toEqual([
      ['image', 'image/png'],
      ['video', 'video/mp4'],
    ]);
    expect(files[1]!.poster_url).toMatch(/^\/media\//);
    expect((await t.app.inject({ method: 'GET', url: files[1]!.url })).statusCode).toBe(200);

    const evil = await upload([
      { name: 'fine.png', content: TINY_PNG },
      { name: 'evil.mp4', content: HTML },
    ]);
    expect(evil.statusCode).toBe(415);
    expect(evil.json().message).toContain('evil.mp4');
    expect((await upload([{ name: 'a.png', content: TINY_PNG }], foreign.id)).statusCode).toBe(403);
  });

  it('keeps media that flows and quizzes name through the sweep, and lets the rest go', async () => {
    await endAll();
    const [inFlow, inQuestion, inPage, unused] = (await upload([
      { name: 'flow.png', content: await solidPng(20, 20, '#110000') },
      { name: 'question.png', content: await solidPng(20, 20, '#001100') },
      { name: 'page.png', content: await solidPng(20, 20, '#000011') },
      { name: 'unused.png', content: await solidPng(20, 20, '#111111') },
    ]).then((r) => r.json().data)) as UploadResult[];
    const made = await event(lobby.id, 'Media Event', ['english']);
    await save(lobby.id, made.id, { flows: { english: [{ ...ttsActivity('t'), image_url: inFlow!.url }] } });
    const pics = await quiz(lobby.id, 'Pictures', ['english']);
    await question(lobby.id, pics.quiz_id, {
      contents: { english: { ...askable(), is_include_image: true, image_urls: [inQuestion!.url] } },
    });
    await data('PUT', `/quiz/${pics.quiz_id}/retry`, {
      device_id: lobby.id,
      is_on: true,
      contents: { english: { image_url: inPage!.url } },
    });
    t.clock.advance(25 * 3_600_000);
    await t.app.housekeepingTasks.find((task) => task.name === MEDIA_SWEEP)!.run();
    const served = async (u: string) => (await t.app.inject({ method: 'GET', url: u })).statusCode;
    expect(await served(inFlow!.url)).toBe(200);
    expect(await served(inQuestion!.url)).toBe(200);
    expect(await served(inPage!.url)).toBe(200);
    expect(await served(unused!.url)).toBe(404);
    // A day later: sign in again.
    await t.signInAgain();
  });

  it('keeps another project’s device and events out of reach', async () => {
    const theirs = await eventCalls(t, () => other).event(foreign.id, 'Their Event', ['english']);
    expect((await call('GET', `/overview?device_id=${foreign.id}`)).statusCode).toBe(403);
    expect(
      (await call('POST', '/event', { device_id: foreign.id, title: 'Intruder', languages: ['english'] }))
        .statusCode,
    ).toBe(403);
    expect((await call('GET', `/event/${theirs.id}?device_id=${lobby.id}`)).statusCode).toBe(404);
    expect((await save(lobby.id, theirs.id, { title: 'pwned', is_active: true })).statusCode).toBe(404);
    expect((await call('DELETE', `/event/${theirs.id}`, { device_id: lobby.id })).statusCode).toBe(404);
    expect((await call('POST', `/event/${theirs.id}/duplicate`, { device_id: lobby.id })).statusCode).toBe(
      404,
    );
    expect((await save(foreign.id, theirs.id, { title: 'pwned' })).statusCode).toBe(403);
    const asThem = await eventCalls(t, () => other).data(
      'GET',
      `/event/${theirs.id}?device_id=${foreign.id}`,
    );
    expect(asThem).toMatchObject({ title: 'Their Event', is_active: false, version: 1 });
  });
});
