/** Where the server is in its life: set by server.ts on SIGTERM, read by health and every answer. */
export interface Lifecycle {
  /** Shutting down: /healthz says 503 and each answer closes its connection (`Connection: close`). */
  draining: boolean;
}

export const createLifecycle = (): Lifecycle => ({ draining: false });
