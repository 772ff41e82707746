import { spawn } from 'node:child_process';
import type { Language } from '@ambassador/contracts';
import { AppError } from '../../../lib/errors.js';

/** espeak-ng voices for the eight device languages (Chinese and Mandarin read as Mandarin). */
const VOICES: Record<Language, string> = {
  chinese: 'cmn',
  mandarin: 'cmn',
  cantonese: 'yue',
  english: 'en',
  japanese: 'ja',
  korean: 'ko',
  portuguese: 'pt',
  german: 'de',
};

const unavailable = () =>
  new AppError(
    503,
    'tts_unavailable',
    'Text-to-speech is not available on this server: install espeak-ng (apt-get install espeak-ng).',
  );

/**
 * Speaks text with Debian's espeak-ng and returns a WAV file. The text goes to stdin, never into
 * the command line, and a run that hangs is killed.
 */
export function synthesize(
  text: string,
  language: Language,
  opts: { binary?: string; timeoutMs?: number } = {},
) {
  const binary = opts.binary ?? process.env.ESPEAK_BINARY ?? 'espeak-ng';
  return new Promise<Buffer>((resolve, reject) => {
    const child = spawn(binary, ['-v', VOICES[language], '--stdout', '-b', '1'], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const chunks: Buffer[] = [];
    let stderr = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs ?? 15_000);
    child.stdout.on('data', (c: Buffer) => chunks.push(c));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', (e: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(e.code === 'ENOENT' ? unavailable() : e);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      const wav = Buffer.concat(chunks);
      if (code === 0 && wav.length > 44) resolve(wav);
      else
        reject(
          new AppError(
            502,
            'tts_failed',
            `Text-to-speech failed${stderr ? `: ${stderr.trim().slice(0, 200)}` : '.'}`,
          ),
        );
    });
    child.stdin.on('error', () => undefined);
    child.stdin.end(text);
  });
}
