import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A parameter of the address another screen opened this one with (search everywhere's
 * `?open=12`, `?q=Pharmacy`), and `consume` to drop it once acted on, so a reload or Back does not
 * act again.
 */
export function useAddressParam(name: string): [string | null, () => void] {
  const [params, setParams] = useSearchParams();
  const value = params.get(name);
  const consume = useCallback(
    () =>
      setParams(
        (current) => {
          if (!current.has(name)) return current;
          const next = new URLSearchParams(current);
          next.delete(name);
          return next;
        },
        { replace: true },
      ),
    [name, setParams],
  );
  return [value, consume];
}

/**
 * Acts once on `?<name>=…` while rendering, as soon as `ready` (the list it looks in has loaded):
 * `act` may set this component's state (a search, an open dialog). The parameter is then dropped.
 */
export function useAddressRequest(name: string, ready: boolean, act: (value: string) => void) {
  const [value, consume] = useAddressParam(name);
  const [done, setDone] = useState<string | null>(null);
  if (value === null && done !== null) setDone(null);
  if (value !== null && ready && value !== done) {
    setDone(value);
    act(value);
  }
  useEffect(() => {
    if (value !== null && done === value) consume();
  }, [value, done, consume]);
}
