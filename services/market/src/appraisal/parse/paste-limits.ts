import type { PasteProblem } from './paste.types';

/** 1 MB of UTF-8, as the paste travels in a request body. */
export const MAX_PASTE_BYTES = 1_000_000;
export const MAX_PASTE_LINES = 10_000;

export interface PasteLimits {
  /** Default {@link MAX_PASTE_BYTES}. */
  readonly maxBytes?: number;
  /** Default {@link MAX_PASTE_LINES}. */
  readonly maxLines?: number;
}

/** A paste refused whole for its size, with the HTTP status the API answers it with. */
export interface PasteLimitProblem extends PasteProblem {
  readonly code: 'too-large' | 'too-many-lines';
  /** 413 when the paste is too many bytes, 400 when it is too many lines. */
  readonly status: 413 | 400;
}

/**
 * Whether a paste is too large to parse: more than 1 MB of UTF-8 (413) or more than 10,000 lines (400), line breaks
 * counted as the parser counts them (a final line break starts no line). Undefined when it is within the limits.
 * Stops counting at the limit, so it costs little even on huge input.
 */
export function checkPasteLimits(text: string, limits: PasteLimits = {}): PasteLimitProblem | undefined {
  if (typeof text !== 'string') return undefined;
  const maxBytes = limits.maxBytes ?? MAX_PASTE_BYTES;
  const maxLines = limits.maxLines ?? MAX_PASTE_LINES;
  if (utf8LengthExceeds(text, maxBytes)) {
    return {
      code: 'too-large',
      status: 413,
      message: `The paste is larger than ${describeBytes(maxBytes)}: split it into several appraisals.`,
    };
  }
  if (lineCountExceeds(text, maxLines)) {
    return {
      code: 'too-many-lines',
      status: 400,
      message: `The paste has more than ${maxLines.toLocaleString('en')} lines: split it into several appraisals.`,
    };
  }
  return undefined;
}

function utf8LengthExceeds(text: string, maxBytes: number): boolean {
  if (text.length > maxBytes) return true;
  if (text.length * 3 <= maxBytes) return false;
  let bytes = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && isLowSurrogate(text.charCodeAt(index + 1))) {
      bytes += 4;
      index++;
    } else bytes += 3; // a lone surrogate travels as U+FFFD, three bytes
    if (bytes > maxBytes) return true;
  }
  return false;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/** Counts lines as `splitLines` does: CRLF, CR, LF, U+0085, U+2028 and U+2029 each end one. */
function lineCountExceeds(text: string, maxLines: number): boolean {
  let lines = 1;
  const last = text.length - 1;
  for (let index = 0; index <= last; index++) {
    const code = text.charCodeAt(index);
    if (code === 0x0d) {
      if (text.charCodeAt(index + 1) === 0x0a) index++;
    } else if (code !== 0x0a && code !== 0x85 && code !== 0x2028 && code !== 0x2029) {
      continue;
    }
    if (index === last) break;
    if (++lines > maxLines) return true;
  }
  return false;
}

function describeBytes(bytes: number): string {
  return bytes % 1_000_000 === 0
    ? `${(bytes / 1_000_000).toLocaleString('en')} MB`
    : `${bytes.toLocaleString('en')} bytes`;
}
