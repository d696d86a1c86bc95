import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
export const APPRAISAL_ID_LENGTH = 10;
/** The largest multiple of 62 below 256: bytes at or above it are drawn again, so every letter is equally likely. */
const UNBIASED_LIMIT = 248;
const SHAPE = /^[0-9A-Za-z]{10}$/;

/**
 * A short link id that cannot be guessed: 10 letters of 62 from the system's cryptographic random source, about
 * 59.5 bits, so walking ids finds nothing however many appraisals are stored.
 */
export function newAppraisalId(random: (size: number) => Buffer = randomBytes): string {
  let id = '';
  while (id.length < APPRAISAL_ID_LENGTH) {
    for (const byte of random(APPRAISAL_ID_LENGTH * 2)) {
      if (byte >= UNBIASED_LIMIT) continue;
      id += ALPHABET[byte % ALPHABET.length];
      if (id.length === APPRAISAL_ID_LENGTH) break;
    }
  }
  return id;
}

export function isAppraisalIdShape(text: string): boolean {
  return SHAPE.test(text);
}
