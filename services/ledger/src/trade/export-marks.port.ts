import type { CharacterExportKind } from '@tradewise/contracts';

/** Notes each CSV export on the character (accounts keeps it; the Account page disables the button after it). */
export const EXPORT_MARKS = Symbol('EXPORT_MARKS');
export interface ExportMarks {
  /** Records that the owner exported the character's data now; false when the character is not on the account. */
  exported(accountId: string, characterId: number, kind: CharacterExportKind): Promise<boolean>;
}
