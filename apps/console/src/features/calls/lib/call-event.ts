import { ZCallEvent, type CallEvent } from '@ambassador/contracts';

/** A call event's fields, or null for a malformed one (logged, never thrown at the screen). */
export function parseCallEvent(raw: unknown): CallEvent | null {
  const parsed = ZCallEvent.safeParse(raw);
  if (!parsed.success) {
    console.info('[calls] malformed call event ignored', raw);
    return null;
  }
  return parsed.data;
}
