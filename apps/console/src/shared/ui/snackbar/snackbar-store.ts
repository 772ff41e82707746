import { useSyncExternalStore } from 'react';
import { errorMessage } from '@/shared/api/api-error';

/** The snackbar: status, text, timeout, closable (colour and icon follow the status). */
export type SnackbarStatus = 'loading' | 'success' | 'error';

/** A button on the notice (Undo): already translated. */
export type SnackbarAction = { label: string; onClick: () => void; testId?: string };

export type SnackbarState = {
  open: boolean;
  status: SnackbarStatus;
  text: string;
  /** ms before it hides on its own; null while loading. */
  timeout: number | null;
  closable: boolean;
  action: SnackbarAction | null;
  /** Changes with every message so a repeated text restarts its timer. */
  id: number;
};

/** A short success or error notice stays 2000 ms; a loading notice stays until its call settles. */
export const SNACKBAR_TIMEOUT = 2000;
/** The longest a notice stays on its own (it can always be closed sooner). */
export const SNACKBAR_TIMEOUT_MAX = 12_000;
/** A notice with an action (Undo) stays at least this long: time to read it and reach the button. */
export const SNACKBAR_ACTION_TIMEOUT = 10_000;
/** Reading time per character: about 200 words a minute in English; a Chinese character counts twice. */
const MS_PER_CHARACTER = 60;

/**
 * How long a notice stays: long enough to read it, at least SNACKBAR_TIMEOUT and at most
 * SNACKBAR_TIMEOUT_MAX ("Saved" goes after 2 s; a 40-word message stays about 12 s).
 */
export function snackbarTimeout(text: string): number {
  let weight = 0;
  for (const char of text) weight += /[\u3000-\u9fff\uf900-\ufaff\uff00-\uffef]/.test(char) ? 2 : 1;
  return Math.min(SNACKBAR_TIMEOUT_MAX, Math.max(SNACKBAR_TIMEOUT, 1000 + weight * MS_PER_CHARACTER));
}

let state: SnackbarState = {
  open: false,
  status: 'success',
  text: '',
  timeout: SNACKBAR_TIMEOUT,
  closable: true,
  action: null,
  id: 0,
};
const listeners = new Set<() => void>();

function set(next: Omit<SnackbarState, 'id'>, sameMessage = false): void {
  state = { ...next, id: sameMessage ? state.id : state.id + 1 };
  for (const listener of listeners) listener();
}

export type RunMessages<T> = {
  /** Shown with a spinner while the action runs, e.g. "Adding...". */
  loading: string;
  /** Shown with a check icon (for as long as it takes to read), or computed from the result. */
  success: string | ((result: T) => string);
  /** Overrides the server's message on failure. */
  error?: string | ((error: unknown) => string);
  /** A button on the success notice, from the result (Undo of a delete). */
  action?: (result: T) => SnackbarAction | null;
};

export type RunResult<T> = { ok: true; data: T } | { ok: false; error: unknown };

export type Notify = {
  loading(text: string): void;
  success(text: string, options?: { closable?: boolean; action?: SnackbarAction | null }): void;
  error(text: string, options?: { closable?: boolean }): void;
  close(): void;
  /** How every change reports: loading, then success or error (the server's message). Never throws. */
  run<T>(action: Promise<T> | (() => Promise<T>), messages: RunMessages<T>): Promise<RunResult<T>>;
};

export const notify: Notify = {
  loading(text) {
    set({ open: true, status: 'loading', text, timeout: null, closable: false, action: null });
  },
  success(text, options) {
    const action = options?.action ?? null;
    set({
      open: true,
      status: 'success',
      text,
      timeout: action ? Math.max(SNACKBAR_ACTION_TIMEOUT, snackbarTimeout(text)) : snackbarTimeout(text),
      closable: options?.closable ?? true,
      action,
    });
  },
  error(text, options) {
    set({
      open: true,
      status: 'error',
      text,
      timeout: snackbarTimeout(text),
      closable: options?.closable ?? true,
      action: null,
    });
  },
  close() {
    if (state.open) set({ ...state, open: false }, true);
  },
  async run(action, messages) {
    notify.loading(messages.loading);
    try {
      const data = await (typeof action === 'function' ? action() : action);
      notify.success(typeof messages.success === 'function' ? messages.success(data) : messages.success, {
        action: messages.action?.(data) ?? null,
      });
      return { ok: true, data };
    } catch (error) {
      const fallback = errorMessage(error, 'Error');
      const text =
        typeof messages.error === 'function' ? messages.error(error) : (messages.error ?? fallback);
      notify.error(text);
      return { ok: false, error };
    }
  },
};

export const snackbarStore = {
  get: () => state,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useSnackbarState(): SnackbarState {
  return useSyncExternalStore(snackbarStore.subscribe, snackbarStore.get, snackbarStore.get);
}

/** `const notify = useSnackbar(); await notify.run(promise, {loading, success})`. */
export function useSnackbar(): Notify {
  return notify;
}
