import { useSyncExternalStore } from 'react';
import { canOpen, type ChatWaitingDevice } from '@ambassador/contracts';
import { isLoggedIn, useAuth } from '@/shared/auth/auth-store';
import { waitingTotal } from './waiting';

/**
 * The chats waiting for staff on every device, as the shell's chat alerts last read them, for
 * the left bar's badge. A plain store, so the shell does not carry the query code (the login
 * page's chunks would): the lazily loaded alerts read and keep it live.
 */
let devices: readonly ChatWaitingDevice[] = [];
const listeners = new Set<() => void>();

export const waitingStore = {
  get: (): readonly ChatWaitingDevice[] => devices,
  set(next: readonly ChatWaitingDevice[]): void {
    if (next === devices || (next.length === 0 && devices.length === 0)) return;
    devices = next;
    for (const listener of listeners) listener();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** Chats waiting on every device together (the Live Chat badge). */
export function useWaitingTotal(): number {
  const maySee = useMaySeeChats();
  const all = useSyncExternalStore(waitingStore.subscribe, waitingStore.get, waitingStore.get);
  return maySee ? waitingTotal(all) : 0;
}

/** Whether the signed-in user may open Live Chat (and so sees its waiting chats). */
export function useMaySeeChats(): boolean {
  const auth = useAuth();
  return isLoggedIn(auth) && canOpen(auth.page_access, '/chat');
}
