import { centsText, parsedNumber, scaleRounded, toCents } from './list-amounts';

/** Percent with at most 4 decimals as parts per million of the price (1% = 10,000). */
const PPM_PER_PERCENT = 10_000;
const ONE_MILLION = 1_000_000;

/** The copy margin as stored or typed: a number of per cent, 0 when empty or not a number. */
export function copyPercentOf(text: string | null | undefined): number {
  return parsedNumber(text) ?? 0;
}

/**
 * What clicking a unit price copies (account-area §2 Transactions, Contracts): price × (1 + margin / 100), rounded
 * to the cent, as plain text the game's price field takes ('1234.56'). Never below 0.
 */
export function copiedPriceText(unitPrice: number, marginPercent: number): string {
  const marginPpm = Math.round(marginPercent * PPM_PER_PERCENT);
  const cents = scaleRounded(toCents(unitPrice), ONE_MILLION + marginPpm, ONE_MILLION);
  return centsText(Math.max(0, cents));
}
