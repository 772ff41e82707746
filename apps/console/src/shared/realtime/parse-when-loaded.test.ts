import { describe, expect, it, vi } from 'vitest';
import { parseWhenLoaded } from './parse-when-loaded';

/** A parser that keeps numbers and drops the rest, loaded when `arrive` is called. */
function lateParser() {
  let arrive: () => void = () => {};
  let fail: (error: Error) => void = () => {};
  const load = vi.fn(
    () =>
      new Promise<(raw: unknown) => number | null>((resolve, reject) => {
        arrive = () => resolve((raw) => (typeof raw === 'number' ? raw : null));
        fail = reject;
      }),
  );
  return { load, arrive: () => arrive(), fail: (error: Error) => fail(error) };
}

describe('parseWhenLoaded', () => {
  it('loads nothing until the first event, then handles the events that came meanwhile in order', async () => {
    const parser = lateParser();
    const onEvent = parseWhenLoaded(parser.load);
    expect(parser.load).not.toHaveBeenCalled();
    const seen: number[] = [];
    onEvent(1, (n) => seen.push(n));
    onEvent('not a number', (n) => seen.push(n));
    onEvent(2, (n) => seen.push(n));
    expect(seen).toEqual([]);
    parser.arrive();
    await onEvent.ready();
    expect(seen).toEqual([1, 2]);
    // Loaded: an event is handled at once, and the code loaded once.
    onEvent(3, (n) => seen.push(n));
    expect(seen).toEqual([1, 2, 3]);
    expect(parser.load).toHaveBeenCalledTimes(1);
  });

  it('drops the events it could not parse for, and loads again at the next one', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const first = lateParser();
    const second = lateParser();
    const load = vi
      .fn<() => Promise<(raw: unknown) => number | null>>()
      .mockImplementationOnce(first.load)
      .mockImplementationOnce(second.load);
    const onEvent = parseWhenLoaded(load);
    const seen: number[] = [];
    onEvent(1, (n) => seen.push(n));
    first.fail(new Error('offline'));
    await vi.waitFor(() => expect(errors).toHaveBeenCalled());
    expect(seen).toEqual([]);
    onEvent(2, (n) => seen.push(n));
    second.arrive();
    await onEvent.ready();
    expect(seen).toEqual([2]);
    expect(load).toHaveBeenCalledTimes(2);
    errors.mockRestore();
  });
});
