import { useEffect, useRef, useState } from 'react';
import {
  INITIAL_CALL_STATE,
  startCallSession,
  type CallOptions,
  type CallSession,
  type CallState,
} from './call-session';

/**
 * Places a call when the component mounts and hangs up when it unmounts. The options are read
 * once: a call belongs to the key and language it was placed with.
 */
export function useCall(options: Omit<CallOptions, 'onChange'>) {
  const [state, setState] = useState<CallState>(INITIAL_CALL_STATE);
  const session = useRef<CallSession | null>(null);
  const initial = useRef(options);
  useEffect(() => {
    const current = startCallSession({ ...initial.current, onChange: setState });
    session.current = current;
    return () => current.dispose();
  }, []);
  return { state, hangUp: () => session.current?.hangUp() };
}
