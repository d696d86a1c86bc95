/** Readers for loosely typed YAML values: the SDE omits fields instead of writing defaults. */
export type RawRecord = Readonly<Record<string, unknown>>;

export function isRecord(value: unknown): value is RawRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function recordOf(value: unknown): RawRecord {
  return isRecord(value) ? value : {};
}

export function listOf(value: unknown): readonly unknown[] {
  return Array.isArray(value) ? value : [];
}

export function numberOr<T>(value: unknown, fallback: T): number | T {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

export function requiredNumber(value: unknown, what: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value))
    throw new Error(`${what} is not a number: ${String(value)}`);
  return value;
}

/** A localized text (`{ en: ..., de: ... }`) in English, or a plain string as it is. */
export function englishText(value: unknown): string {
  if (typeof value === 'string') return value;
  const english = recordOf(value)['en'];
  return typeof english === 'string' ? english : '';
}

export function localizedTexts(value: unknown): Record<string, string> {
  const texts: Record<string, string> = {};
  for (const [language, text] of Object.entries(recordOf(value))) {
    if (typeof text === 'string' && text.length > 0) texts[language] = text;
  }
  return texts;
}
