import type { Language } from '@ambassador/contracts';
import { flowIn, flowsOf } from './flows.js';

/** Minutes without a word from its kiosk after which a run counts as left (the kiosk lost power). */
export const RUN_ABANDONED_MINUTES = 30;
const ABANDONED_MS = RUN_ABANDONED_MINUTES * 60_000;

/** The instant before which a run not heard from since counts as ended (outcome `left`). */
export const abandonedBefore = (now: Date) => new Date(now.getTime() - ABANDONED_MS);

/** Whether a run is still going on: not ended, and heard from within RUN_ABANDONED_MINUTES. */
export const isLive = (run: { endedAt: Date | null; updatedAt: Date }, now: Date) =>
  run.endedAt === null && run.updatedAt.getTime() > abandonedBefore(now).getTime();

/** The activity of a flow with this key (keys stay with an activity through reorders). */
export const activityOf = (flows: Record<string, unknown[]>, language: string, key: string | null) =>
  key === null ? undefined : flowIn(flowsOf({ flows }), language as Language).find((a) => a.key === key);
