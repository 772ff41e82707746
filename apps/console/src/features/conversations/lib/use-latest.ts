import { useEffect, useRef } from 'react';

/**
 * A ref that always holds the latest value after each render: lets a timer started earlier call
 * today's callback (one whose closure knows the current address), not the one of its own render.
 */
export function useLatest<T>(value: T) {
  const ref = useRef(value);
  useEffect(() => {
    ref.current = value;
  });
  return ref;
}
