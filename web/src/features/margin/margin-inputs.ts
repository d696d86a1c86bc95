import { parseScaledDecimal, scaledToDecimalText } from './exact-decimal';

/** ISK amounts are cents (2 decimals). */
export const PRICE_SCALE = 2;
/** Rates are percentages kept to 4 decimals: ten-thousandths of a percent, i.e. parts per million. */
export const RATE_SCALE = 4;
export const RATE_DENOMINATOR = 100n * 10n ** BigInt(RATE_SCALE);

/** Spec public-tools §5 and §9: missing or invalid values default to 0 ISK, 1% broker fees and 3.375% tax. */
export const MARGIN_DEFAULTS = {
  buyPrice: '0',
  sellPrice: '0',
  buyBroker: '1',
  sellBroker: '1',
  taxRate: '3.375',
} as const;

/** The query parameters that prefill the calculator (public-tools §2), also the form's field names. */
export const MARGIN_FIELDS = [
  'buyPrice',
  'sellPrice',
  'buyBroker',
  'sellBroker',
  'taxRate',
  'extraQuantity',
] as const;
export type MarginField = (typeof MARGIN_FIELDS)[number];

/** What the form holds (antd's InputNumber in string mode): decimal text, or null for an empty field. */
export type MarginFormValues = Record<MarginField, string | null>;

/** The calculator's inputs, exact: prices in cents, rates in ppm (1% is 10,000). */
export interface MarginInputs {
  readonly buyPriceCents: bigint;
  readonly sellPriceCents: bigint;
  readonly buyBrokerPpm: bigint;
  readonly sellBrokerPpm: bigint;
  readonly taxRatePpm: bigint;
  /** The optional extra row of the example table: a whole number of units, at least 1. */
  readonly extraQuantity: number | null;
}

const WHOLE_NUMBER = /^\d+$/;

function decimalOrDefault(text: string | null | undefined, scale: number, fallback: string): bigint {
  return parseScaledDecimal(text ?? '', scale) ?? (parseScaledDecimal(fallback, scale) as bigint);
}

/** A positive whole number of units that is safe as a JS number; anything else means no extra row. */
export function parseExtraQuantity(text: string | null | undefined): number | null {
  const trimmed = (text ?? '').trim();
  if (!WHOLE_NUMBER.test(trimmed)) return null;
  const quantity = Number(trimmed);
  return Number.isSafeInteger(quantity) && quantity >= 1 ? quantity : null;
}

/**
 * Reads the calculator's values from the form or the query. A value that is missing, empty, negative or not a
 * plain decimal takes its default; prices round half up to the cent, rates to 4 decimals of a percent.
 */
export function parseMarginInputs(values: Partial<Record<MarginField, string | null>>): MarginInputs {
  return {
    buyPriceCents: decimalOrDefault(values.buyPrice, PRICE_SCALE, MARGIN_DEFAULTS.buyPrice),
    sellPriceCents: decimalOrDefault(values.sellPrice, PRICE_SCALE, MARGIN_DEFAULTS.sellPrice),
    buyBrokerPpm: decimalOrDefault(values.buyBroker, RATE_SCALE, MARGIN_DEFAULTS.buyBroker),
    sellBrokerPpm: decimalOrDefault(values.sellBroker, RATE_SCALE, MARGIN_DEFAULTS.sellBroker),
    taxRatePpm: decimalOrDefault(values.taxRate, RATE_SCALE, MARGIN_DEFAULTS.taxRate),
    extraQuantity: parseExtraQuantity(values.extraQuantity),
  };
}

/** The query parameters as given (absent ones undefined); a repeated parameter counts with its first value. */
export function marginQueryValues(search: URLSearchParams): Partial<Record<MarginField, string>> {
  const values: Partial<Record<MarginField, string>> = {};
  for (const field of MARGIN_FIELDS) {
    const value = search.get(field);
    if (value !== null) values[field] = value;
  }
  return values;
}

/** The form's values for exact inputs, as the shortest decimal text: what the calculator actually uses. */
export function marginFormValues(inputs: MarginInputs): MarginFormValues {
  return {
    buyPrice: scaledToDecimalText(inputs.buyPriceCents, PRICE_SCALE),
    sellPrice: scaledToDecimalText(inputs.sellPriceCents, PRICE_SCALE),
    buyBroker: scaledToDecimalText(inputs.buyBrokerPpm, RATE_SCALE),
    sellBroker: scaledToDecimalText(inputs.sellBrokerPpm, RATE_SCALE),
    taxRate: scaledToDecimalText(inputs.taxRatePpm, RATE_SCALE),
    extraQuantity: inputs.extraQuantity === null ? null : String(inputs.extraQuantity),
  };
}

/** The form's first values: the query parameters, with the defaults where they are missing or invalid. */
export function initialMarginFormValues(search: URLSearchParams): MarginFormValues {
  return marginFormValues(parseMarginInputs(marginQueryValues(search)));
}
