import { defineConfig } from 'vitest/config';

/** `npm test` runs every project: server API tests, console and kiosk unit tests, end-to-end in Chromium. */
export default defineConfig({
  test: {
    projects: ['apps/server', 'apps/console', 'apps/kiosk', 'e2e'],
    maxWorkers: 2,
  },
});
