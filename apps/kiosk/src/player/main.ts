import type { AvatarModel, PlayerCommand, PlayerEvent, PlayerState } from '@ambassador/contracts';
import { createAnimator, type Animator, type MotionFile } from './motion';
import { mouthAt, mouthTrack, type MouthTrack } from './lipsync';
import { buildRig, REST, type Rig } from './rig';
import { startStill } from './still';
import { frameCost, type Surface } from './surface';
import type { startWebgl as StartWebgl } from './webgl';
import './player.css';

/**
 * The avatar player (`/avatar-player/?model_id=&token=&scale=`), loaded in a frame by the console
 * (motion browser, topic previews) and the kiosk. It loads the model the token opens, draws the
 * portrait as a deformable mesh with WebGL (PixiJS) or, without WebGL, as a still portrait with
 * captions, and obeys `PlayerCommand` messages from the page that framed it. Its state is on
 * `window.__avatarState` and sent to the parent as `avatar:state`.
 */
declare global {
  interface Window {
    __avatarState: PlayerState;
  }
}

const params = new URLSearchParams(location.search);
const modelId = params.get('model_id') ?? '';
const token = params.get('token') ?? '';
const scale = Math.max(0.5, Math.min(2, Number(params.get('scale') ?? '1') || 1));
/** `renderer=still` forces the fallback (tests, and kiosks known to struggle). */
const forced = params.get('renderer');
/** `measure=1`: record the sound played and the mouth drawn, frame by frame (the lip-sync bench). */
const measuring = params.get('measure') === '1';

const root = document.getElementById('player')!;
const state: PlayerState = {
  ready: false,
  renderer: 'loading',
  motion: null,
  idles: [],
  mouth: 0,
  speaking: false,
  listening: false,
  caption: '',
  frames: 0,
  first_frame_ms: null,
  work_ms: 0,
  audio_time: null,
  error: null,
};
window.__avatarState = state;

const post = (event: PlayerEvent) => {
  if (window.parent !== window) window.parent.postMessage(event, location.origin);
};
let lastPost = 0;
const snapshot = () => ({ ...state, idles: [...state.idles] });

function fail(message: string) {
  state.renderer = 'error';
  state.error = message;
  root.replaceChildren();
  const p = document.createElement('p');
  p.className = 'avatar-error';
  p.textContent = message;
  root.append(p);
  post({ type: 'avatar:error', error: message });
}

async function load() {
  const res = await fetch(
    `/avatar-player/api/model?${new URLSearchParams({ model_id: modelId, token }).toString()}`,
  );
  const body = (await res.json().catch(() => null)) as { data?: AvatarModel; error?: string } | null;
  if (!res.ok || !body?.data) {
    throw new Error(
      body?.error === 'avatar_token_expired'
        ? 'This avatar link has expired.'
        : 'This avatar is not available.',
    );
  }
  const model = body.data;
  const files = [...model.tap_body_motions, ...model.idle_motions];
  const motions = new Map<string, MotionFile>();
  await Promise.all(
    files.map(async (f) => {
      const r = await fetch(f.url);
      if (r.ok) motions.set(f.id, (await r.json()) as MotionFile);
    }),
  );
  const image = new Image();
  image.alt = model.name;
  image.src = model.texture_url;
  await image.decode();
  return { model, motions, image };
}

function webglWorks() {
  if (forced === 'still') return false;
  const canvas = document.createElement('canvas');
  return Boolean(canvas.getContext('webgl2') ?? canvas.getContext('webgl'));
}

interface Speech {
  track: MouthTrack;
  /** Audio-clock second the clip starts at, or the page clock's when there is no sound. */
  startAt: number;
  clock: () => number;
  source: AudioBufferSourceNode | null;
  done: boolean;
}

/** The portrait's surface: the WebGL mesh when WebGL works and it starts, else the still portrait. */
async function startSurface(
  webgl: Promise<{ startWebgl: typeof StartWebgl }> | null,
  { model, image, rig }: { model: AvatarModel; image: HTMLImageElement; rig: Rig },
): Promise<Surface> {
  if (webgl) {
    try {
      const { startWebgl } = await webgl;
      const surface = await startWebgl(root, { model, image, rig, scale });
      state.renderer = 'webgl';
      return surface;
    } catch {
      // Falls back to the still portrait.
    }
  }
  const surface = startStill(root, { model, image, scale });
  state.renderer = 'still';
  return surface;
}

/**
 * Speaking: a clip's sound (or, without sound allowed, the page clock) and the mouth track drawn
 * with it. `measure=1` also records the sound played and the mouth drawn, frame by frame.
 */
function createSpeaker(surface: Surface, animator: Animator, pageClock: () => number) {
  let audio: AudioContext | null = null;
  let analyser: AnalyserNode | null = null;
  let speech: Speech | null = null;
  const measured: Array<[number, number, number]> = [];
  const level = new Float32Array(1024);
  const end = () => {
    if (!speech) return;
    speech.done = true;
    try {
      speech.source?.stop();
    } catch {
      // Already stopped.
    }
    speech = null;
    state.speaking = false;
    state.audio_time = null;
    post({ type: 'avatar:ended' });
  };
  async function speak(cmd: Extract<PlayerCommand, { type: 'avatar:speak' }>) {
    end();
    state.caption = cmd.text ?? '';
    surface.caption(state.caption);
    if (cmd.motion) animator.play(cmd.motion, pageClock());
    const bytes = cmd.audio ?? (cmd.url ? await (await fetch(cmd.url)).arrayBuffer() : null);
    if (!bytes) return;
    audio ??= new AudioContext();
    if (audio.state === 'suspended') await audio.resume().catch(() => undefined);
    const buffer = await audio.decodeAudioData(bytes.slice(0));
    const track = mouthTrack(buffer.getChannelData(0), buffer.sampleRate);
    const ctx = audio;
    const running = ctx.state === 'running';
    const next: Speech = running
      ? {
          track,
          startAt: ctx.currentTime + 0.05,
          // What is heard now: the audio clock less the output's latency.
          clock: () => ctx.currentTime - (ctx.outputLatency || ctx.baseLatency || 0),
          source: null,
          done: false,
        }
      : // No sound allowed (no touch yet on this page): the mouth moves with the captions alone.
        { track, startAt: pageClock(), clock: pageClock, source: null, done: false };
    if (running) {
      const source = ctx.createBufferSource();
      source.buffer = buffer;
      if (measuring) {
        analyser ??= ctx.createAnalyser();
        analyser.fftSize = 1024;
        source.connect(analyser);
      }
      source.connect(ctx.destination);
      source.start(next.startAt);
      source.onended = () => {
        if (speech === next) end();
      };
      next.source = source;
    }
    speech = next;
    state.speaking = true;
  }

  /** This frame's mouth (closed when not speaking); ends a silent clip once its track is over. */
  function mouthNow() {
    let mouth = { open: 0, wide: 0 };
    if (speech) {
      const t = speech.clock() - speech.startAt;
      mouth = mouthAt(speech.track, t);
      state.audio_time = t;
      if (t > speech.track.duration + 0.3 && speech.source === null) end();
      if (measuring && analyser && t >= 0) {
        analyser.getFloatTimeDomainData(level);
        let sum = 0;
        for (const v of level) sum += v * v;
        measured.push([t, Math.sqrt(sum / level.length), mouth.open]);
      }
    }
    return mouth;
  }

  return { speak, end, mouthNow, measured };
}

async function main() {
  // The WebGL code loads while the model does.
  const webgl = webglWorks() ? import('./webgl') : null;
  const { model, motions, image } = await load();
  const idles = model.idle_motions.map((m) => m.id).filter((id) => motions.has(id));
  const gestures = model.tap_body_motions.map((m) => m.id).filter((id) => motions.has(id));
  const animator = createAnimator(motions, idles);
  const rig = buildRig(model.width, model.height, model.landmarks);
  state.idles = idles;
  const pageClock = () => performance.now() / 1000;

  const surface = await startSurface(webgl, { model, image, rig });
  const speaker = createSpeaker(surface, animator, pageClock);

  // ---- commands from the page ----
  window.addEventListener('message', (e: MessageEvent<PlayerCommand>) => {
    if (e.origin !== location.origin || typeof e.data !== 'object' || e.data === null) return;
    const cmd = e.data;
    const now = pageClock();
    if (cmd.type === 'avatar:play') animator.play(cmd.motion, now);
    else if (cmd.type === 'avatar:speak') void speaker.speak(cmd).catch(() => speaker.end());
    else if (cmd.type === 'avatar:stop') {
      speaker.end();
      animator.stop(now);
    } else if (cmd.type === 'avatar:listen') {
      state.listening = cmd.on;
      animator.listen(cmd.on);
      surface.listening(cmd.on);
    } else if (cmd.type === 'avatar:reset') {
      speaker.end();
      animator.stop(now);
      surface.reset();
    }
  });

  // ---- tap the body for a gesture; drag to move ----
  let nextGesture = 0;
  surface.onTap(() => {
    const id = gestures[nextGesture++ % gestures.length];
    if (!id) return;
    animator.play(id, pageClock());
    post({ type: 'avatar:tap', motion: id });
  });

  // ---- every frame ----
  const params = { ...REST };
  surface.onFrame(() => {
    const now = pageClock();
    const mouth = speaker.mouthNow();
    animator.params(now, mouth, params);
    state.mouth = Math.round(params.mouth * 1000) / 1000;
    state.motion = animator.current(now);
    state.frames++;
    state.work_ms = Math.round(frameCost.ms * 100) / 100;
    if (state.first_frame_ms === null) state.first_frame_ms = Math.round(performance.now());
    if (!state.ready) {
      state.ready = true;
      post({ type: 'avatar:ready', state: snapshot() });
    }
    if (performance.now() - lastPost > 250) {
      lastPost = performance.now();
      post({ type: 'avatar:state', state: snapshot() });
    }
    return params;
  });
  Object.assign(window, { __avatarMeasured: speaker.measured });
}

main().catch((e: unknown) => fail(e instanceof Error ? e.message : 'This avatar could not be shown.'));
