import pino, { type Logger } from 'pino';
import pretty from 'pino-pretty';

export type LogFormat = 'auto' | 'json' | 'pretty';

/**
 * One logger for start-up and requests. JSON lines (for a log collector) unless a person is
 * watching: `auto` is readable text when stdout is a terminal and NODE_ENV is not production.
 */
export function createLogger(level: string, format: LogFormat = 'auto'): Logger {
  const readable =
    format === 'pretty' ||
    (format === 'auto' && process.stdout.isTTY === true && process.env.NODE_ENV !== 'production');
  if (!readable) return pino({ level });
  return pino(
    { level },
    pretty({ colorize: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname', sync: true }),
  );
}
