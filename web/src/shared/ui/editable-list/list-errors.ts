/** What a failed call of the generated client carries: an HTTP status, or a string for network failures. */
interface FailedCall {
  readonly status?: unknown;
  readonly data?: unknown;
}

/** The HTTP status of a failed call, or null for a timeout, a network failure or anything else. */
export function errorStatus(error: unknown): number | null {
  const status = (error as FailedCall | null)?.status;
  return typeof status === 'number' ? status : null;
}

/** The server's sentence from a failed call (the API answers `{ message }`), else a generic one. */
export function serverErrorText(error: unknown): string {
  const data = (error as FailedCall | null)?.data;
  if (typeof data === 'object' && data !== null) {
    const message = (data as { message?: unknown }).message;
    if (typeof message === 'string' && message.trim() !== '') return message;
    if (Array.isArray(message) && message.every((line) => typeof line === 'string')) return message.join(' ');
  }
  if (typeof data === 'string' && data.trim() !== '') return data;
  if ((error as FailedCall | null)?.status === 'TIMEOUT_ERROR') return 'Request timed out';
  return 'The request failed; please try again.';
}
