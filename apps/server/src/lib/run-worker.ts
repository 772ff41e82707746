import { parentPort, Worker, workerData, type ResourceLimits } from 'node:worker_threads';

export class WorkerFailed extends Error {
  constructor(
    message: string,
    /** Why: it ran out of its memory, ran past its time, or threw. */
    readonly reason: 'memory' | 'timeout' | 'error',
  ) {
    super(message);
    this.name = 'WorkerFailed';
  }
}

/** A worker entry module beside `base` (an import.meta.url): its .ts source in tests, its .js built. */
export const workerEntry = (name: string, base: string) =>
  new URL(`./${name}.${base.endsWith('.ts') ? 'ts' : 'js'}`, base);

/**
 * A worker on an entry module: from the TypeScript sources (tests) it loads through tsx, built it
 * is plain JavaScript.
 */
export function startWorker(
  entry: URL,
  opts: { workerData: unknown; resourceLimits: ResourceLimits; transferList?: ArrayBuffer[] },
): Worker {
  if (!entry.pathname.endsWith('.ts')) return new Worker(entry, opts);
  return new Worker(
    `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(entry.href)}); })`,
    { ...opts, eval: true },
  );
}

/**
 * Runs one job in a worker thread and resolves with the one message it posts. Heavy parsing of
 * untrusted files runs here: the event loop keeps turning meanwhile, and a file that blows past the
 * worker's memory kills only the worker (`reason: 'memory'`), never the server.
 *
 * `entry` is a module that reads `workerData`, does its work and posts the result (answerParent
 * below). Run from the TypeScript sources (tests), the worker loads it through tsx; built, it is
 * plain JavaScript.
 */
export function runWorker<T>(
  entry: URL,
  data: unknown,
  opts: {
    resourceLimits: ResourceLimits;
    timeoutMs: number;
    transferList?: ArrayBuffer[];
    /** Stops the worker and rejects with the signal's reason. */
    signal?: AbortSignal;
  },
): Promise<T> {
  const worker = startWorker(entry, {
    workerData: data,
    resourceLimits: opts.resourceLimits,
    transferList: opts.transferList,
  });
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onAbort);
      fn();
      void worker.terminate();
    };
    const timer = setTimeout(
      () => settle(() => reject(new WorkerFailed('The worker ran past its time.', 'timeout'))),
      opts.timeoutMs,
    );
    const onAbort = () => settle(() => reject(opts.signal!.reason));
    if (opts.signal?.aborted) onAbort();
    else opts.signal?.addEventListener('abort', onAbort, { once: true });
    worker.once('message', (message: T) => settle(() => resolve(message)));
    worker.once('error', (err: Error & { code?: string }) =>
      settle(() =>
        reject(
          err.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? new WorkerFailed('The worker ran out of memory.', 'memory')
            : err,
        ),
      ),
    );
    worker.once('exit', (code) =>
      settle(() => reject(new WorkerFailed(`The worker stopped (exit code ${code}).`, 'error'))),
    );
  });
}

/**
 * The worker's side of runWorker, called once by the entry module: `work` run on the `workerData`
 * and its result posted back. An error is thrown on out of the worker, so runWorker rejects with it
 * as the error it is; what is the file's fault, `work` answers as a result instead.
 */
export function answerParent<D, R>(work: (data: D) => Promise<R>): void {
  work(workerData as D).then(
    (result) => parentPort!.postMessage(result),
    (err: unknown) => {
      throw err;
    },
  );
}
