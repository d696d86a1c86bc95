import type { AppraisalCreateBody, PasteReading } from './appraisal-api';
import { itemsFound } from './appraisal-format';

/** Public-tools §5: items are sent by type id when the name was found, else by the name as written. */
export function itemsToAppraise(reading: PasteReading): NonNullable<AppraisalCreateBody['items']> {
  return reading.items.map((item) =>
    item.typeId === null
      ? { typeName: item.name, quantity: item.quantity }
      : { typeId: item.typeId, quantity: item.quantity },
  );
}

/** The parser names the preview shows: the spec's Contract, EFT, List, Hangar, and the other formats' names. */
export function parserNames(reading: PasteReading): string[] {
  return reading.formats.map((usage) => usage.label);
}

interface HttpError {
  readonly status?: unknown;
  readonly data?: unknown;
}

/** The server's sentence from an error answer, when it sent one. */
export function serverMessage(error: unknown): string | null {
  const data = (error as HttpError | null)?.data;
  const message = (data as { message?: unknown } | null | undefined)?.message;
  return typeof message === 'string' && message.length > 0 ? message : null;
}

export function errorStatus(error: unknown): number | string | null {
  const status = (error as HttpError | null)?.status;
  return typeof status === 'number' || typeof status === 'string' ? status : null;
}

/** The banner after a failed Submit (public-tools §8): 'Error creating appraisal: {title}'. */
export function creationErrorBanner(error: unknown): string {
  const message =
    serverMessage(error) ?? (errorStatus(error) === 'TIMEOUT_ERROR' ? 'Request timed out' : null);
  return `Error creating appraisal: ${message ?? 'the server could not be reached.'}`;
}

/** '12 items found (Contract)', with what was not found or not read. */
export function previewText(reading: PasteReading): string {
  if (reading.items.length === 0) return reading.problem?.message ?? 'No valid lines found.';
  const parts = [`${itemsFound(reading.items.length)} (${parserNames(reading).join(', ')})`];
  if (reading.unknownCount > 0) parts.push(`${reading.unknownCount} not recognised`);
  if (reading.unparsed.length > 0) {
    parts.push(`${reading.unparsed.length} ${reading.unparsed.length === 1 ? 'line' : 'lines'} not read`);
  }
  return parts.join(' · ');
}
