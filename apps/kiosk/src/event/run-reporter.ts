import type {
  DeviceApi,
  RunAnswerRequest,
  RunEndRequest,
  RunProgressRequest,
  StartRunRequest,
} from '../api/device-api';
import { DeviceApiError } from '../api/device-client';
import { withRetry } from '../lib/with-retry';

type Options = {
  api: DeviceApi;
  request: StartRunRequest;
  /** Waits before each retry of a failed report (one entry per retry). */
  retryDelaysMs: readonly number[];
  /** The server refused the run itself (409 event_not_current: the config was stale). */
  onRefused?: (error: DeviceApiError) => void;
};

/**
 * Tells the device API about one run: starts it, then sends progress, answers and the end in the
 * order they happened. Nothing here ever holds the visitor up: the run plays on while a report is
 * retried in the background, reports made before the server gave the run its id wait for it, and
 * a report that still fails after its retries is dropped quietly. Once the server says the run
 * has ended (409 run_ended), nothing more is sent.
 */
export function createRunReporter({ api, request, retryDelaysMs, onRefused }: Options) {
  let runId: number | null = null;
  let closed = false;
  let ended = false;

  let queue: Promise<void> = withRetry(() => api.startRun(request), retryDelaysMs).then(
    (run) => {
      runId = run.run_id;
    },
    (error: unknown) => {
      closed = true;
      if (error instanceof DeviceApiError && !error.retryable) onRefused?.(error);
      else console.warn('[event] the run could not be started on the server', error);
    },
  );

  function send(report: (id: number) => Promise<unknown>) {
    queue = queue.then(async () => {
      if (closed || runId === null) return;
      const id = runId;
      try {
        await withRetry(() => report(id), retryDelaysMs);
      } catch (error) {
        if (error instanceof DeviceApiError && error.code === 'run_ended') closed = true;
        else console.warn('[event] a report was dropped', error);
      }
    });
  }

  return {
    /** The server's id of the run, once it answered (event:control names it). */
    get runId() {
      return runId;
    },
    progress(body: RunProgressRequest) {
      if (!ended) send((id) => api.progress(id, body));
    },
    answer(body: RunAnswerRequest) {
      if (!ended) send((id) => api.answer(id, body));
    },
    /** Once; later reports are not sent. */
    end(body: RunEndRequest) {
      if (ended) return;
      ended = true;
      send((id) => api.endRun(id, body));
    },
    /** Resolves when everything reported so far was sent or given up (for tests). */
    settled(): Promise<void> {
      return queue;
    },
  };
}

export type RunReporter = ReturnType<typeof createRunReporter>;
