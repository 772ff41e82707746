import { expect } from 'vitest';

/**
 * The error `promise` rejects with, checked to be a `kind`: the test fails if it resolves or
 * rejects with anything else. (`rejects.toThrow` would check it, but not hand it back to read.)
 */
export async function rejectionOf<E extends Error>(
  promise: Promise<unknown>,
  kind: new (...args: never[]) => E,
): Promise<E> {
  const err = await promise.then(
    () => new Error('it resolved'),
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(kind);
  return err as E;
}
