/**
 * The server's log (docs/product.md#logs): one line per event on stdout (errors on stderr), with
 * the time and level first, filtered by LOG_LEVEL. Errors keep their stack: it is written here,
 * on the server, and never sent to a client (lib/errors.ts answers a generic 500).
 */
import type { MiddlewareHandler } from 'hono';

export const LOG_LEVELS = ['error', 'warn', 'info', 'debug'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface Logger {
  error(message: string, err?: unknown): void;
  warn(message: string): void;
  info(message: string): void;
  debug(message: string): void;
}

/** Where lines go: stdout and stderr by default, an array in tests. */
export interface LogSink {
  out(line: string): void;
  err(line: string): void;
}

const stdSink: LogSink = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
};

export function createLogger(level: LogLevel, sink: LogSink = stdSink, now = () => new Date()): Logger {
  const rank = LOG_LEVELS.indexOf(level);
  const line = (l: LogLevel, message: string) => `${now().toISOString()} ${l.toUpperCase()} ${message}`;
  const at = (l: LogLevel) => (message: string) => {
    if (LOG_LEVELS.indexOf(l) <= rank) sink.out(line(l, message));
  };
  return {
    error: (message, err) => {
      const detail =
        err instanceof Error ? `\n${err.stack ?? err.message}` : err === undefined ? '' : ` ${String(err)}`;
      sink.err(line('error', `${message}${detail}`));
    },
    warn: at('warn'),
    info: at('info'),
    debug: at('debug'),
  };
}

/**
 * One line per request once it is answered: method, path (never the query: it may hold names),
 * status, duration and the request id set by hono's requestId (sent back as X-Request-Id). Never
 * a body, a cookie or any header.
 */
export const requestLog =
  (log: Logger): MiddlewareHandler =>
  async (c, next) => {
    const start = performance.now();
    await next();
    const ms = Math.round(performance.now() - start);
    const id = (c.get('requestId') as string | undefined) ?? '-';
    log.info(`${c.req.method} ${c.req.path} ${c.res.status} ${ms} ms ${id}`);
  };
