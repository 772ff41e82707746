import { spawn } from 'node:child_process';

export interface ToolRun {
  code: number | null;
  stdout: string;
  stderr: string;
  /** Killed for taking longer than its time limit. */
  timedOut: boolean;
}

/** The program is not installed (or not where the configuration says). */
export class ToolMissing extends Error {
  constructor(readonly binary: string) {
    super(`${binary} was not found`);
  }
}

/**
 * Runs a program as a child process, never through a shell (arguments are passed as they are), with
 * a time limit after which it is killed, and at most `maxOutput` characters of each output kept.
 */
export function runTool(
  binary: string,
  args: string[],
  { timeoutMs, maxOutput = 1_000_000 }: { timeoutMs: number; maxOutput?: number },
) {
  return new Promise<ToolRun>((resolve, reject) => {
    const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'], shell: false });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.stdout.on('data', (c: Buffer) => {
      if (stdout.length < maxOutput) stdout += c.toString();
    });
    child.stderr.on('data', (c: Buffer) => {
      if (stderr.length < maxOutput) stderr += c.toString();
    });
    child.on('error', (e: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(e.code === 'ENOENT' || e.code === 'EACCES' ? new ToolMissing(binary) : e);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, timedOut });
    });
  });
}
