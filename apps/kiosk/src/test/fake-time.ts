import { act } from '@testing-library/react';
import { vi } from 'vitest';

/**
 * The kiosk's timers in the test's hands, for a test about time: call before the kiosk renders, so
 * that every timer it sets is fake. Time still passes by itself too, so requests still answer.
 * (setup.ts puts the real timers back after each test.)
 */
export const fakeTime = () => vi.useFakeTimers({ shouldAdvanceTime: true });

/** Lets `ms` of the kiosk's time pass at once: every timer due by then fires (after fakeTime()). */
export const passTime = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
