type Cell = string | number | boolean;

const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * RFC 4180: fields with a comma, quote or line break are quoted; a text starting with a formula character is
 * neutralised. A plain number (a negative amount) stays a number, so a spreadsheet can sum its column.
 */
function csvCell(value: Cell): string {
  let text = String(value);
  // Spreadsheets run cells starting with = + - @ as formulas; journal descriptions come from other players.
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvOf(header: readonly string[], rows: readonly (readonly Cell[])[]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
