/** The paired device key, remembered across reloads. Storage can be unavailable (private mode). */
const STORAGE_KEY = 'ambassador.kiosk.device_key';

export const keyStore = {
  get(): string | null {
    try {
      return localStorage.getItem(STORAGE_KEY);
    } catch {
      return null;
    }
  },
  set(key: string) {
    try {
      localStorage.setItem(STORAGE_KEY, key);
    } catch {
      // The kiosk still works until the page reloads.
    }
  },
  clear() {
    try {
      localStorage.removeItem(STORAGE_KEY);
    } catch {
      // Nothing remembered, nothing to forget.
    }
  },
};
