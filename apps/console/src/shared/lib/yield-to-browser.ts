type Scheduler = { yield?: () => Promise<void> };

/**
 * Ends the current task and goes on in a new one (the Prioritized Task Scheduling API's
 * `scheduler.yield()`, which runs the rest ahead of other queued work). Where the browser has no
 * such API it goes on at once: putting it off with a timer would change when things happen there,
 * for nothing measured.
 */
export function yieldToBrowser(): Promise<void> | undefined {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  return typeof scheduler?.yield === 'function' ? scheduler.yield() : undefined;
}
