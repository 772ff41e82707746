type Parse<T> = (raw: unknown) => T | null;

/** Handles one live event with its parsed fields; malformed events (null) are dropped. */
export type ParsedEventHandler<T> = ((raw: unknown, handle: (event: T) => void) => void) & {
  /** Loads the parser now; resolves once events are handled as they come (tests wait for it). */
  ready: () => Promise<void>;
};

/**
 * A live event's parser whose code loads at the first event rather than as the screen opens: the
 * contract schemas a parser builds on take a phone's main thread 65–150 ms to make (issue 20), and
 * most page loads see no call or chat event. Events that come while it loads are handled in their
 * order once it is here, then every event at once. If it cannot load (offline), the next event
 * tries again.
 */
export function parseWhenLoaded<T>(load: () => Promise<Parse<T>>): ParsedEventHandler<T> {
  let parse: Parse<T> | undefined;
  let loading: Promise<void> | undefined;
  const ready = () =>
    (loading ??= load().then(
      (loaded) => {
        parse = loaded;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  const handleWith = (raw: unknown, handle: (event: T) => void) => {
    const event = parse?.(raw);
    if (event) handle(event);
  };
  const onEvent = (raw: unknown, handle: (event: T) => void) => {
    if (parse) return handleWith(raw, handle);
    ready().then(
      () => handleWith(raw, handle),
      (error: unknown) => console.error('[live] an event parser could not load; the event is dropped', error),
    );
  };
  return Object.assign(onEvent, { ready });
}
