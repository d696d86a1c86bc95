import type { AppraisalCreateBody, PasteReading } from './appraisal-api';
import { itemsFound } from './appraisal-format';

/** A guess the player confirmed: the unknown name as written (any case), and the type it was confirmed as. */
export type ConfirmedGuesses = ReadonlyMap<string, number>;

export const guessKey = (name: string): string => name.toLowerCase();

/**
 * Public-tools §5: items are sent by type id when the name was found, else by the name as written. A guess (a known
 * name inside an unknown one) goes by its type id only once the player confirmed it; until then it is sent by the
 * name as written, so the server counts it as not found and prices nothing in its place. Lines refused for an
 * unknown name are sent by that name too, so the '{n} item(s) weren't found' notice counts them.
 */
export function itemsToAppraise(
  reading: PasteReading,
  confirmed: ConfirmedGuesses = new Map(),
): NonNullable<AppraisalCreateBody['items']> {
  const items: NonNullable<AppraisalCreateBody['items']> = reading.items.map((item) => {
    if (item.typeId !== null) return { typeId: item.typeId, quantity: item.quantity };
    const confirmedAs = item.guess ? confirmed.get(guessKey(item.name)) : undefined;
    return confirmedAs === item.guess?.typeId && confirmedAs !== undefined
      ? { typeId: confirmedAs, quantity: item.quantity }
      : { typeName: item.name, quantity: item.quantity };
  });
  for (const line of reading.unparsed) {
    if (line.reason === 'unknown-item' && line.name !== undefined) {
      items.push({ typeName: line.name, quantity: line.quantity ?? 1 });
    }
  }
  return items;
}

/** A line the appraisal did not price, as the page lists it (like evepraisal's "bad lines"). */
export interface NotPricedLine {
  readonly key: string;
  readonly lineNumbers: readonly number[];
  readonly text: string;
  readonly status: 'guess' | 'confirmed' | 'unknown' | 'unreadable';
  readonly message: string;
  readonly quantity: number | null;
  readonly guess: { readonly typeId: number; readonly typeName: string } | null;
}

/** Guesses, unknown names and unreadable lines of a reading, in paste order. */
export function notPricedLines(
  reading: PasteReading,
  confirmed: ConfirmedGuesses = new Map(),
): NotPricedLine[] {
  const lines: NotPricedLine[] = [];
  for (const item of reading.items) {
    if (item.typeId !== null) continue;
    const isConfirmed = item.guess !== null && confirmed.get(guessKey(item.name)) === item.guess?.typeId;
    lines.push({
      key: `item:${guessKey(item.name)}`,
      lineNumbers: item.lineNumbers,
      text: item.name,
      status: item.guess ? (isConfirmed ? 'confirmed' : 'guess') : 'unknown',
      message: item.guess
        ? isConfirmed
          ? `Priced as ${item.guess.typeName}, as you confirmed.`
          : `Not a known item. Did you mean ${item.guess.typeName}? Not priced until you confirm.`
        : 'Not a known item: not priced.',
      quantity: item.quantity,
      guess: item.guess ?? null,
    });
  }
  for (const line of reading.unparsed) {
    const unknownName = line.reason === 'unknown-item' && line.name !== undefined;
    lines.push({
      key: `line:${line.lineNumber}`,
      lineNumbers: [line.lineNumber],
      text: line.text,
      status: unknownName ? 'unknown' : 'unreadable',
      message: line.message,
      quantity: unknownName ? (line.quantity ?? 1) : null,
      guess: null,
    });
  }
  return lines.sort((a, b) => a.lineNumbers[0]! - b.lineNumbers[0]!);
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
  if (reading.guessCount > 0) {
    parts.push(`${reading.guessCount} ${reading.guessCount === 1 ? 'guess' : 'guesses'} to confirm`);
  }
  const unreadable = reading.lineCounts.unreadable;
  if (unreadable > 0) parts.push(`${unreadable} ${unreadable === 1 ? 'line' : 'lines'} not read`);
  return parts.join(' · ');
}
