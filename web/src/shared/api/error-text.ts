/** A sentence for a failed account call: the server's message when it sent one. */
export function failureText(error: unknown): string {
  if (error !== null && typeof error === 'object' && 'status' in error) {
    const { status, data } = error as { status: unknown; data?: unknown };
    const message =
      data !== null && typeof data === 'object' && typeof (data as { message?: unknown }).message === 'string'
        ? (data as { message: string }).message
        : null;
    if (message) return message;
    if (status === 404) return 'The server does not offer this yet.';
    if (typeof status === 'number') return `The server answered ${status}.`;
  }
  return 'The server could not be reached.';
}
