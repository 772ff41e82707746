/** A fresh test-panel session id (one per list load); only echoed back by the server. */
export function newSessionId(): string {
  const random = globalThis.crypto?.randomUUID?.();
  return random ?? `mrc-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}
