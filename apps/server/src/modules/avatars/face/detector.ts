import { Worker } from 'node:worker_threads';
import type { Point } from '@ambassador/contracts';

/** A face as the detector found it, in the pixels of the image it was given. */
export interface DetectedFace {
  score: number;
  box: { x: number; y: number; width: number; height: number };
  landmarks: Point[];
}

export interface FaceDetector {
  /** Faces in an RGB image (3 bytes a pixel, row by row). */
  detect(rgb: Uint8Array, width: number, height: number): Promise<DetectedFace[]>;
  close(): Promise<void>;
}

/** How long one detection may take (the first also loads the models) before the thread is restarted. */
const DETECT_TIMEOUT_MS = 60_000;

/**
 * The face detector (face/face-worker.ts) in one long-lived worker thread, started on first use:
 * the models load once (about 0.7 s), each detection then takes about a second on one core, and
 * the event loop keeps serving requests meanwhile. Detections queue one at a time. A thread that
 * fails or hangs is ended and the next detection starts a new one.
 */
export function createFaceDetector(): FaceDetector {
  const entry = new URL(`./face-worker${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url);
  let worker: Worker | null = null;
  let nextId = 1;
  let chain: Promise<unknown> = Promise.resolve();

  const start = () => {
    const w = entry.pathname.endsWith('.ts')
      ? new Worker(
          `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(entry.href)}); })`,
          { eval: true, stdout: true, stderr: true },
        )
      : new Worker(entry, { stdout: true, stderr: true });
    // TensorFlow.js greets on stdout; the thread's output is not the server's log.
    w.stdout.resume();
    w.stderr.resume();
    w.unref();
    return w;
  };

  const once = (rgb: Uint8Array, width: number, height: number) =>
    new Promise<DetectedFace[]>((resolve, reject) => {
      worker ??= start();
      const w = worker;
      const id = nextId++;
      const stop = (err: Error) => {
        cleanup();
        if (worker === w) worker = null;
        void w.terminate();
        reject(err);
      };
      const timer = setTimeout(() => stop(new Error('The face detector took too long.')), DETECT_TIMEOUT_MS);
      const onMessage = (msg: { id: number; faces?: DetectedFace[]; error?: string }) => {
        if (msg.id !== id) return;
        cleanup();
        if (msg.error !== undefined) reject(new Error(msg.error));
        else resolve(msg.faces ?? []);
      };
      const onError = (err: Error) => stop(err);
      const onExit = () => stop(new Error('The face detector stopped.'));
      const cleanup = () => {
        clearTimeout(timer);
        w.off('message', onMessage);
        w.off('error', onError);
        w.off('exit', onExit);
      };
      w.on('message', onMessage);
      w.on('error', onError);
      w.on('exit', onExit);
      w.postMessage({ id, width, height, rgb }, [rgb.buffer as ArrayBuffer]);
    });

  return {
    detect(rgb, width, height) {
      const run = chain.then(
        () => once(rgb, width, height),
        () => once(rgb, width, height),
      );
      chain = run.catch(() => undefined);
      return run;
    },
    async close() {
      const w = worker;
      worker = null;
      if (w) await w.terminate();
    },
  };
}
