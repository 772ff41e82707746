import { AppError } from '../lib/errors.js';
import { runTool, ToolMissing } from './tools.js';

/**
 * What a kiosk's browser (Chromium) plays without extra codecs, by container: H.264 video with
 * AAC sound in MP4; VP8, VP9 or AV1 with Opus or Vorbis in WebM. HEVC is refused: Chromium on the
 * Linux and Android players kiosks run plays it only with hardware support, so a video that works
 * on the operator's Mac could stay black on the kiosk.
 */
export const PLAYABLE: Record<string, { video: readonly string[]; audio: readonly string[] }> = {
  'video/mp4': { video: ['h264'], audio: ['aac'] },
  'video/webm': { video: ['vp8', 'vp9', 'av1'], audio: ['opus', 'vorbis'] },
};
/** 8-bit 4:2:0, the only pixel formats every browser decodes in software. */
const PLAYABLE_PIXELS = ['yuv420p', 'yuvj420p'];

/** What ffmpeg says when a file ends before its data does (cut-off uploads and copies). */
const TRUNCATED = /moov atom not found|partial file|File ended prematurely|truncated/i;

const PROBE_TIMEOUT_MS = 30_000;
const DECODE_TIMEOUT_MS = 60_000;

export interface CheckedVideo {
  durationMs: number;
  width: number;
  height: number;
  container: string;
  videoCodec: string;
  audioCodec: string | null;
}

interface ProbeStream {
  codec_type?: string;
  codec_name?: string;
  pix_fmt?: string;
  width?: number;
  height?: number;
  duration?: string;
  disposition?: { attached_pic?: number };
}

export const videoChecksUnavailable = (what: string) =>
  new AppError(
    503,
    'video_checks_unavailable',
    `Videos cannot be accepted now: this server cannot check them (${what}). Ask the administrator to install ffmpeg.`,
  );
const truncated = () =>
  new AppError(
    422,
    'video_truncated',
    'The video is incomplete: the file ends before its data does (an interrupted download or copy?). Upload the whole file.',
  );
const unreadable = (detail: string) =>
  new AppError(422, 'video_unreadable', `The video could not be read: ${detail}.`);
const notPlayable = (message: string) => new AppError(422, 'video_not_playable', message);

const firstLine = (s: string) =>
  s
    .split('\n')
    .map((l) => l.replace(/^\[[^\]]*\]\s*/, '').trim())
    .find(Boolean)
    ?.slice(0, 200) ?? 'unknown error';

/**
 * Video checks with Debian's ffprobe and ffmpeg, run as child processes with time limits. Without
 * them the server still starts; `status()` says what is missing and video uploads are refused
 * (`video_checks_unavailable`) rather than accepted unchecked.
 */
export function createVideoTools({ ffprobe, ffmpeg }: { ffprobe: string; ffmpeg: string }) {
  let found: Promise<string | null> | undefined;
  /** Null when both programs answer, else what is missing. Asked once. */
  const status = () =>
    (found ??= (async () => {
      for (const binary of [ffprobe, ffmpeg]) {
        try {
          const run = await runTool(binary, ['-version'], { timeoutMs: 10_000 });
          if (run.code !== 0) return `${binary} -version failed`;
        } catch (e) {
          if (e instanceof ToolMissing) return `${binary} is not installed`;
          throw e;
        }
      }
      return null;
    })());

  const ready = async () => {
    const missing = await status();
    if (missing) throw videoChecksUnavailable(missing);
  };

  const run = async (binary: string, args: string[], timeoutMs: number) => {
    try {
      const r = await runTool(binary, args, { timeoutMs });
      if (r.timedOut) throw unreadable('checking it took too long');
      return r;
    } catch (e) {
      if (e instanceof ToolMissing) throw videoChecksUnavailable(`${binary} is not installed`);
      throw e;
    }
  };
  // Only local files, named so that no name reads as an option.
  const input = (file: string) => ['-protocol_whitelist', 'file', '-i', `file:${file}`];

  return {
    status,

    /**
     * Reads the container and streams, refuses what a browser cannot play, then decodes the last
     * seconds: a file cut short fails there even when its header is intact.
     */
    async check(file: string, mime: string): Promise<CheckedVideo> {
      await ready();
      const probe = await run(
        ffprobe,
        [
          '-v',
          'error',
          '-print_format',
          'json',
          // Only what the checks read: a file's tags (a comment can be megabytes) never come out.
          '-show_entries',
          'format=duration,format_name:stream=codec_type,codec_name,pix_fmt,width,height,duration:stream_disposition=attached_pic',
          '-protocol_whitelist',
          'file',
          `file:${file}`,
        ],
        PROBE_TIMEOUT_MS,
      );
      if (probe.code !== 0) {
        if (TRUNCATED.test(probe.stderr)) throw truncated();
        throw unreadable(firstLine(probe.stderr));
      }
      let parsed: { streams?: ProbeStream[]; format?: { duration?: string; format_name?: string } };
      try {
        parsed = JSON.parse(probe.stdout || '{}') as typeof parsed;
      } catch {
        // Thousands of streams can still outgrow the output kept: refused as unreadable, never a 500.
        throw unreadable('its description could not be read');
      }
      const streams = parsed.streams ?? [];
      const video = streams.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic);
      const audio = streams.find((s) => s.codec_type === 'audio');
      const rules = PLAYABLE[mime];
      if (!rules) throw notPlayable(`Videos must be MP4 or WebM files.`);
      if (!video) throw notPlayable('The file has no picture: upload a video, not a sound file.');
      const kind = mime === 'video/mp4' ? 'MP4' : 'WebM';
      const expected =
        mime === 'video/mp4'
          ? 'H.264 video with AAC sound'
          : 'VP8, VP9 or AV1 video with Opus or Vorbis sound';
      const videoCodec = video.codec_name ?? 'unknown';
      if (!rules.video.includes(videoCodec)) {
        throw notPlayable(
          `A kiosk cannot play this ${kind} video: its picture is ${videoCodec.toUpperCase()}. Export it as ${expected}.`,
        );
      }
      if (video.pix_fmt && !PLAYABLE_PIXELS.includes(video.pix_fmt)) {
        throw notPlayable(
          `A kiosk cannot play this ${kind} video: its picture format is ${video.pix_fmt} (10-bit or 4:4:4). Export it as 8-bit 4:2:0 ${expected}.`,
        );
      }
      const audioCodec = audio?.codec_name ?? null;
      if (audio && !rules.audio.includes(audioCodec ?? '')) {
        throw notPlayable(
          `A kiosk cannot play this ${kind} video: its sound is ${(audioCodec ?? 'unknown').toUpperCase()}. Export it as ${expected}, or without sound.`,
        );
      }
      const seconds = Number(parsed.format?.duration ?? video.duration ?? NaN);
      if (!Number.isFinite(seconds) || seconds <= 0) throw unreadable('it has no duration');

      const tail = await run(
        ffmpeg,
        ['-v', 'error', '-nostdin', '-sseof', '-3', ...input(file), '-f', 'null', '-'],
        DECODE_TIMEOUT_MS,
      );
      if (TRUNCATED.test(tail.stderr)) throw truncated();
      if (tail.code !== 0) throw unreadable(firstLine(tail.stderr));

      return {
        durationMs: Math.round(seconds * 1000),
        width: video.width ?? 0,
        height: video.height ?? 0,
        container: mime === 'video/mp4' ? 'mp4' : 'webm',
        videoCodec,
        audioCodec,
      };
    },

    /** One frame (at 1 s, or a third in for shorter videos) as a PNG at `out`. */
    async poster(file: string, durationMs: number, out: string) {
      const at = Math.min(1, durationMs / 3000).toFixed(3);
      const r = await run(
        ffmpeg,
        ['-v', 'error', '-nostdin', '-ss', at, ...input(file), '-frames:v', '1', '-f', 'image2', '-y', out],
        DECODE_TIMEOUT_MS,
      );
      if (r.code !== 0) throw unreadable(`no picture could be taken from it (${firstLine(r.stderr)})`);
    },
  };
}

export type VideoTools = ReturnType<typeof createVideoTools>;
