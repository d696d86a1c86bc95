import { AsyncLocalStorage } from 'node:async_hooks';
import type { LoggerService } from '@nestjs/common';
import pino, { type Logger } from 'pino';

export type { Logger };

/** DI token of the pino {@link Logger}. */
export const LOGGER = Symbol('LOGGER');

interface CorrelationScope {
  readonly correlationId: string;
}

const correlationStorage = new AsyncLocalStorage<CorrelationScope>();

/** Runs `work` with a correlation id that every log line and every appended event's metadata can pick up. */
export function runWithCorrelation<R>(correlationId: string, work: () => R): R {
  return correlationStorage.run({ correlationId }, work);
}

export function currentCorrelationId(): string | undefined {
  return correlationStorage.getStore()?.correlationId;
}

/** The header that carries a correlation id over HTTP and the bus. */
export const CORRELATION_HEADER = 'x-correlation-id';

/** Message headers with the current correlation id added, unless the publisher set one. */
export function withCorrelationHeader(
  headers: Readonly<Record<string, string>> = {},
): Record<string, string> {
  const correlationId = currentCorrelationId();
  return correlationId && !headers[CORRELATION_HEADER]
    ? { ...headers, [CORRELATION_HEADER]: correlationId }
    : { ...headers };
}

/** Structured JSON logs; each line carries the correlation id of the request or message it belongs to. */
/** Secrets request logs would otherwise carry: session and CSRF tokens, bearer tokens, new cookies. */
export const REDACTED_LOG_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-csrf-token"]',
  'res.headers["set-cookie"]',
] as const;

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      redact: { paths: [...REDACTED_LOG_PATHS], censor: '[redacted]' },
      base: { service: 'tradewise' },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      mixin: () => {
        const correlationId = currentCorrelationId();
        return correlationId ? { correlationId } : {};
      },
    },
    destination,
  );
}

/** Routes Nest's own log lines into the same JSON log. */
export class NestPinoLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, context?: string): void {
    this.logger.info({ context }, String(message));
  }
  error(message: unknown, trace?: string, context?: string): void {
    this.logger.error({ context, trace }, String(message));
  }
  warn(message: unknown, context?: string): void {
    this.logger.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string): void {
    this.logger.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string): void {
    this.logger.trace({ context }, String(message));
  }
}
