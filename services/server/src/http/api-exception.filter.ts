import { Catch, HttpException, HttpStatus, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { Response } from 'express';
import { ReadModelLagError, WrongExpectedVersionError, type Logger } from '@tradewise/platform';
import { ReadModelNotReadyError, UnknownProjectionError } from '@tradewise/projections';

export interface ApiErrorBody {
  readonly statusCode: number;
  readonly error: string;
  /** A sentence the UI can show as it is. */
  readonly message: string;
  /** A rule's code where the UI reacts to it (e.g. INSUFFICIENT_SUBSCRIPTION opens its dialog). */
  readonly code?: string;
  readonly limit?: number;
  /** The heading of the dialog that shows the message (e.g. 'Purchase Error' shows 'Insufficient balance'). */
  readonly title?: string;
}

const reasons: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

/**
 * One error shape for every route. Known failures get their 4xx, and other errors that carry a 4xx status keep
 * it; only the unexpected becomes a 500, logged with its stack and never shown.
 */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  constructor(private readonly logger: Logger) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    const body = this.toBody(exception);
    if (body.statusCode >= 500 && body.statusCode !== 502 && body.statusCode !== 503) {
      this.logger.error({ err: exception }, 'Unhandled error');
    }
    const retryAfter = (exception as { retryAfterSeconds?: unknown } | null)?.retryAfterSeconds;
    if (typeof retryAfter === 'number') response.setHeader('Retry-After', String(retryAfter));
    response.status(body.statusCode).json(body);
  }

  private toBody(exception: unknown): ApiErrorBody {
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const payload = exception.getResponse();
      const message =
        typeof payload === 'string'
          ? payload
          : Array.isArray((payload as { message?: unknown }).message)
            ? (payload as { message: string[] }).message.join('; ')
            : String((payload as { message?: unknown }).message ?? exception.message);
      const { code, limit, title } = (typeof payload === 'object' ? payload : {}) as {
        code?: unknown;
        limit?: unknown;
        title?: unknown;
      };
      return {
        statusCode: status,
        error: reasons[status] ?? exception.name,
        message,
        ...(typeof code === 'string' ? { code } : {}),
        ...(typeof limit === 'number' ? { limit } : {}),
        ...(typeof title === 'string' ? { title } : {}),
      };
    }
    if (exception instanceof ReadModelLagError) {
      return {
        statusCode: 503,
        error: reasons[503]!,
        message: 'Your change is saved but not shown yet; reload in a moment.',
      };
    }
    if (exception instanceof UnknownProjectionError)
      return { statusCode: 404, error: reasons[404]!, message: exception.message };
    if (exception instanceof ReadModelNotReadyError)
      return { statusCode: 503, error: reasons[503]!, message: exception.message };
    if (exception instanceof WrongExpectedVersionError) {
      return {
        statusCode: 409,
        error: reasons[409]!,
        message: 'Someone else changed this at the same time; reload and try again.',
      };
    }
    const status = (exception as { status?: unknown }).status;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      return {
        statusCode: status,
        error: reasons[status] ?? 'Bad Request',
        message: (exception as Error).message,
      };
    }
    return {
      statusCode: HttpStatus.INTERNAL_SERVER_ERROR,
      error: 'Internal Server Error',
      message: 'Something went wrong on our side; it has been logged.',
    };
  }
}
