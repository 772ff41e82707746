import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'e2e',
    include: ['tests/**/*.e2e.ts'],
    // Servers start on a copy of one migrated database made for the run (support/global-setup.ts).
    globalSetup: ['support/global-setup.ts'],
    setupFiles: ['support/setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // What a browser shows after a click can take seconds on a loaded 2-core machine (vitest's 1 s
    // default failed an idle-screen caption under load); a poll still fails when it never shows.
    expect: { poll: { timeout: 10_000 } },
    // One browser and one server at a time: the machine has two cores.
    fileParallelism: false,
  },
});
