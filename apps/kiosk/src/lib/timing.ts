/** Every delay of the kiosk in one place; tests pass shorter ones. */
export type Timing = {
  /** No interaction for this long ends a visitor session. */
  idleMs: number;
  /** The last part of `idleMs` shows "Are you still there?" with a countdown. */
  warningMs: number;
  /** Waits before each retry of a failed ask (one entry per retry). */
  retryDelaysMs: readonly number[];
  /** A request that takes longer counts as a network failure. */
  requestTimeoutMs: number;
  /** While a stored key cannot reach the server, try again this often. */
  reconnectMs: number;
  /** The unpair button asks for a second tap within this time. */
  unpairConfirmMs: number;
};

export const DEFAULT_TIMING: Timing = {
  idleMs: 90_000,
  warningMs: 10_000,
  retryDelaysMs: [1_000, 2_000, 4_000],
  requestTimeoutMs: 15_000,
  reconnectMs: 10_000,
  unpairConfirmMs: 4_000,
};
