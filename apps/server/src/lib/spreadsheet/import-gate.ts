import { conflict, tooManyRequests } from '../errors.js';

/**
 * Workbook imports, one at a time per project and a few at a time per server: each can hold a
 * 20 MB upload and a parsing worker, so a burst of them must be refused, not queued into memory.
 */
export function createImportGate({ maxRunning = 2 }: { maxRunning?: number } = {}) {
  const running = new Set<number>();
  return {
    async run<T>(projectId: number, work: () => Promise<T>): Promise<T> {
      if (running.has(projectId)) {
        throw conflict(
          'Another import for this project is still running. Try again when it has finished.',
          'import_busy',
        );
      }
      if (running.size >= maxRunning) {
        throw tooManyRequests(
          'The server is busy with other imports. Try again in a minute.',
          'import_queue_full',
          30,
        );
      }
      running.add(projectId);
      try {
        return await work();
      } finally {
        running.delete(projectId);
      }
    },
  };
}

export type ImportGate = ReturnType<typeof createImportGate>;
