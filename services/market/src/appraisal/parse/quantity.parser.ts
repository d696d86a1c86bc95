/** Larger quantities on one line are refused: no stack is that big, and sums of 10,000 such lines stay exact. */
export const MAX_LINE_QUANTITY = 100_000_000_000;

const Separator = { comma: 1, dot: 2, space: 3, apostrophe: 4 } as const;
type Separator = (typeof Separator)[keyof typeof Separator];

function separatorOf(code: number): Separator | 0 {
  switch (code) {
    case 0x2c: // ,
      return Separator.comma;
    case 0x2e: // .
      return Separator.dot;
    case 0x20: // every Unicode space was turned into this one when the paste was split into lines
      return Separator.space;
    case 0x27: // '
    case 0x2019: // ’ (German client)
    case 0x2018: // ‘
    case 0x02bc: // ʼ
    case 0x0060: // `
    case 0x00b4: // ´
    case 0x2032: // ′
    case 0xff07: // ＇ (full-width, Japanese and Chinese input methods)
      return Separator.apostrophe;
    default:
      return 0;
  }
}

const MAX_NUMBER_TEXT = 40;

/**
 * A non-negative number as the client writes it in any of its locales: `1,234,567.89`, `1.234.567,89`,
 * `1 234 567,89` (any Unicode space), `1'234'567.89` or `1’234’567`. Groups must be of three digits after the
 * first. A last `,` or `.` starts decimals when one or two digits (or any count other than three) follow it, or when
 * it differs from the separators before it; three digits after a lone `,` or `.` are a group (`1,080` and `1.080`
 * are 1080: quantities are whole, so the thousands reading is the likely one). Null when the text is not a number.
 */
export function parseAmount(text: string): number | null {
  let start = 0;
  let end = text.length;
  while (start < end && text.charCodeAt(start) === 0x20) start++;
  while (end > start && text.charCodeAt(end - 1) === 0x20) end--;
  if (end === start || end - start > MAX_NUMBER_TEXT) return null;

  const groupEnds: number[] = [];
  const separators: Separator[] = [];
  let groupStart = start;
  for (let index = start; index < end; index++) {
    const code = text.charCodeAt(index);
    if (code >= 0x30 && code <= 0x39) continue;
    const separator = separatorOf(code);
    if (separator === 0 || index === groupStart) return null;
    groupEnds.push(index);
    separators.push(separator);
    groupStart = index + 1;
  }
  if (groupStart === end) return null;
  if (separators.length === 0) {
    const whole = Number(text.slice(start, end));
    return Number.isSafeInteger(whole) ? whole : null;
  }

  const count = separators.length;
  const last = separators[count - 1]!;
  const lastGroupLength = end - groupStart;
  let decimal = false;
  if (last === Separator.comma || last === Separator.dot) {
    if (lastGroupLength !== 3) decimal = true;
    else if (count > 1 && separators.slice(0, -1).every((separator) => separator !== last)) decimal = true;
    else if (count === 1 && text.charCodeAt(start) === 0x30) decimal = true;
  }

  const groupSeparators = decimal ? count - 1 : count;
  let integerDigits = '';
  let groupBegin = start;
  for (let group = 0; group <= groupSeparators; group++) {
    const groupEnd = group < groupSeparators ? groupEnds[group]! : decimal ? groupEnds[count - 1]! : end;
    const length = groupEnd - groupBegin;
    if (groupSeparators > 0) {
      if (group === 0 ? length > 3 || text.charCodeAt(groupBegin) === 0x30 : length !== 3) return null;
      if (group > 0 && separators[group - 1] !== separators[0]) return null;
    }
    integerDigits += text.slice(groupBegin, groupEnd);
    groupBegin = groupEnd + 1;
  }
  const integer = Number(integerDigits);
  if (!Number.isSafeInteger(integer)) return null;
  return decimal ? integer + Number(`0.${text.slice(groupStart, end)}`) : integer;
}

/** A whole quantity of at least one; fractions (`960.0` in planetary windows) are cut off. */
export function toQuantity(amount: number): number | null {
  const whole = Math.floor(amount);
  return whole >= 1 && whole <= MAX_LINE_QUANTITY ? whole : null;
}

/** A quantity times a multiplier (`Name (N Units)*M`), or null past {@link MAX_LINE_QUANTITY}. */
export function multiplyQuantity(quantity: number, multiplier: number): number | null {
  const product = quantity * multiplier;
  return product <= MAX_LINE_QUANTITY ? product : null;
}

/** {@link parseAmount} then {@link toQuantity}: null for text that is no number or no usable quantity. */
export function parseQuantity(text: string): number | null {
  const amount = parseAmount(text);
  return amount === null ? null : toQuantity(amount);
}

/** Characters that may group the digits of a number in some locale, spaces aside. */
const GROUP_MARKS = ",.'’‘ʼ`´′＇";
/** Regular expression source for a number as the client writes it, without spaces: `1,234`, `1’234`, `1.234,5`. */
export const NUMBER_SOURCE = `\\d[\\d${GROUP_MARKS}]*`;
/** {@link NUMBER_SOURCE} with spaces as group separators too (`1 234 567`); every Unicode space is ' ' by now. */
export const SPACED_NUMBER_SOURCE = `\\d[\\d ${GROUP_MARKS}]*`;

const DIGIT_OR_SEPARATOR = new RegExp(`^${SPACED_NUMBER_SOURCE}$`);

/** Looks like a number, even one {@link parseAmount} refuses (`1,2,3`); used to tell a bad quantity from a name. */
export function looksNumeric(text: string): boolean {
  return DIGIT_OR_SEPARATOR.test(text);
}
