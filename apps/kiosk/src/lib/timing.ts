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
  /** Holding the corner gear this long opens the staff settings (a tap by a visitor does nothing). */
  staffHoldMs: number;
  /**
   * A staff chat pauses the usual idle timeout (a visitor may wait a while for a reply), but one
   * left open with no touch and no message for this long still ends, so the next visitor never
   * sees someone else's name, number and conversation.
   */
  staffIdleMs: number;
  /** "Call ended" shows this long before the call view closes by itself. */
  callEndedMs: number;
  /** When the server's "missed" never arrives, a call gives up this long after its ring time. */
  ringGraceMs: number;
  /** Each carousel banner shows this long before the next. */
  carouselMs?: number;
};

export const DEFAULT_TIMING: Timing = {
  idleMs: 90_000,
  warningMs: 10_000,
  retryDelaysMs: [1_000, 2_000, 4_000],
  requestTimeoutMs: 15_000,
  reconnectMs: 10_000,
  staffHoldMs: 2_000,
  staffIdleMs: 300_000,
  callEndedMs: 5_000,
  ringGraceMs: 15_000,
  carouselMs: 6_000,
};
