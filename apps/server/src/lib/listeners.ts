/**
 * Listeners to something one area does that others act on, in this process (a device retired,
 * topics changed): the area emits, and the others subscribe as they are built, so the area never
 * needs to know who listens. A listener that throws does not stop the others.
 */
export function createListeners<T>(onError: (err: unknown) => void = () => undefined) {
  const listeners: Array<(value: T) => void> = [];
  return {
    add(listener: (value: T) => void) {
      listeners.push(listener);
    },
    emit(value: T) {
      for (const listener of listeners) {
        try {
          listener(value);
        } catch (err) {
          onError(err);
        }
      }
    },
  };
}
