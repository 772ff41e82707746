import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  // fakeCamera() defines it on jsdom's navigator, which has none of its own.
  delete (navigator as { mediaDevices?: unknown }).mediaDevices;
});
