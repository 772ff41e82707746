/**
 * A long computation written as a generator that `yield`s at safe points (every few hundred
 * examples), so one piece of code can run either to completion at once or in time slices that give
 * the event loop back in between. Yields carry no value; the generator's return value is the result.
 */
export type Steps<T> = Generator<void, T, void>;

/** Runs the steps to completion without yielding to the event loop. */
export function runSteps<T>(steps: Steps<T>): T {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

/**
 * Runs the steps, yielding to the event loop (setImmediate, so timers and I/O run in between)
 * whenever `sliceMs` have passed since the last yield. A slice may overrun by up to one step.
 */
export async function runStepsSliced<T>(steps: Steps<T>, sliceMs: number): Promise<T> {
  if (!(sliceMs >= 0)) throw new RangeError(`sliceMs must be >= 0, got ${sliceMs}`);
  let start = performance.now();
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
    if (performance.now() - start >= sliceMs) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      start = performance.now();
    }
  }
}
