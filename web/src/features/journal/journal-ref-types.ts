import { JOURNAL_REF_TYPES, type JournalRefType } from './journal-ref-types.data';

export { JOURNAL_REF_TYPES, type JournalRefType };

/** Words the game writes in capitals. */
const ACRONYMS = new Set(['cspa', 'dna', 'ess', 'gm', 'isk', 'lp', 'npc', 'plex', 'skin']);
const LOWER_CASE_WORDS = new Set(['of']);
/** Names the word-by-word rule gets wrong. */
const LABEL_OVERRIDES: Partial<Record<string, string>> = {
  brokers_fee: "Broker's Fee",
  cspaofflinerefund: 'CSPA Offline Refund',
};

/** A ref type as players read it: 'market_transaction' -> 'Market Transaction'. Unknown ones get the same rule. */
export function refTypeLabel(refType: string): string {
  const key = refType.toLowerCase();
  const override = LABEL_OVERRIDES[key];
  if (override) return override;
  return key
    .split('_')
    .filter((word) => word !== '')
    .map((word, index) => {
      if (ACRONYMS.has(word)) return word.toUpperCase();
      if (index > 0 && LOWER_CASE_WORDS.has(word)) return word;
      return word.charAt(0).toUpperCase() + word.slice(1);
    })
    .join(' ');
}

/** The value of the 'all reference types' choice. */
export const ALL_REF_TYPES = '';

export interface RefTypeOption {
  readonly value: JournalRefType | typeof ALL_REF_TYPES;
  readonly label: string;
}

/** The reference type dropdown: all, then every kind by its label (account-area §2 Journal). */
export const REF_TYPE_OPTIONS: readonly RefTypeOption[] = [
  { value: ALL_REF_TYPES, label: 'All types' },
  ...JOURNAL_REF_TYPES.map((value) => ({ value, label: refTypeLabel(value) })).sort((a, b) =>
    a.label.localeCompare(b.label, 'en'),
  ),
];

export function isJournalRefType(value: string): value is JournalRefType {
  return (JOURNAL_REF_TYPES as readonly string[]).includes(value);
}
