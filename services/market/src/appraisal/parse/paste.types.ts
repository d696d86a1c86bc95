/**
 * Where the game client (or a fitting tool) produced the text a line came from. The appraisal reports, per line,
 * which of these recognised it, and names a paste after the one that took the most lines.
 */
export type PasteFormat =
  | 'killmail'
  | 'eft'
  | 'fitting-window'
  | 'loot-history'
  | 'planetary-interaction'
  | 'view-contents'
  | 'wallet'
  | 'survey-scanner'
  | 'industry'
  | 'contract'
  | 'hangar'
  | 'cargo-scan'
  | 'directional-scan'
  | 'compare'
  | 'moon-ledger'
  | 'mining-ledger'
  | 'moon-extraction'
  | 'listing'
  | 'quickbar'
  | 'ship-dna'
  | 'heuristic';

/** What the preview shows for each format; the spec's four keep the spec's words (Contract, EFT, List, Hangar). */
export const PASTE_FORMAT_LABELS: Readonly<Record<PasteFormat, string>> = {
  killmail: 'Killmail',
  eft: 'EFT',
  'fitting-window': 'Fitting window',
  'loot-history': 'Loot history',
  'planetary-interaction': 'Planetary interaction',
  'view-contents': 'View contents',
  wallet: 'Wallet',
  'survey-scanner': 'Survey scanner',
  industry: 'Industry',
  contract: 'Contract',
  hangar: 'Hangar',
  'cargo-scan': 'Cargo scan',
  'directional-scan': 'Directional scan',
  compare: 'Compare',
  'moon-ledger': 'Moon ledger',
  'mining-ledger': 'Mining ledger',
  'moon-extraction': 'Moon extraction',
  listing: 'List',
  quickbar: 'Quickbar',
  'ship-dna': 'Ship DNA',
  heuristic: 'Heuristic',
};

/** A type the name resolver recognised. `volume` (m³ per unit), when given, lets moon-extraction rows become units. */
export interface ResolvedTypeName {
  readonly typeId: number;
  /** The canonical (English) name. */
  readonly name: string;
  readonly volume?: number;
}

/**
 * Finds the type a name denotes: case-insensitive, exact (after trimming and collapsing inner whitespace), in any
 * language the static data has. Called at most once per distinct name per paste.
 */
export type TypeNameResolver = (name: string) => ResolvedTypeName | null;

/** Finds a type by its id (ship DNA names types by id); null for an id the static data does not have. */
export type TypeIdResolver = (typeId: number) => ResolvedTypeName | null;

/** What the text says about an item beyond its type and quantity, where the format carries it. */
export interface PasteItemFlags {
  /** The text marks the blueprint as a copy (BPCs are not appraised) or explicitly as an original. */
  readonly blueprint?: 'copy' | 'original';
  /** Runs left on a blueprint copy, when the text gives them. */
  readonly runs?: number;
  /** Contract details such as `72% damaged`. */
  readonly damagePercent?: number;
  /** Fitted to a ship in the contract. */
  readonly fitted?: boolean;
  /** EFT `/OFFLINE`. */
  readonly offline?: boolean;
  /** Where in the ship or container the item sits (killmail, view contents), as written. */
  readonly location?: string;
  /** Killmail section the item was listed in. */
  readonly fate?: 'destroyed' | 'dropped';
}

/**
 * A type whose whole name sits inside a longer name the paste wrote (`Experimental 10MN Afterburner I` holds
 * `10MN Afterburner I`). It may be a different item (a named or older variant at another price), so it is offered
 * to the player to confirm and never priced in the meantime.
 */
export interface TypeGuess {
  readonly typeId: number;
  readonly name: string;
}

/** One item found on one line; a line can hold several (EFT `Module, Charge`, a dash-joined list). */
export interface PasteItem {
  /** 1-based, as the user sees it in the text box. */
  readonly lineNumber: number;
  readonly format: PasteFormat;
  /** Null when the format left no doubt that the line is an item but no type has that name. */
  readonly typeId: number | null;
  /** The canonical name when known, else the name as written. */
  readonly name: string;
  readonly quantity: number;
  readonly flags: PasteItemFlags;
  /** Set only when `typeId` is null: a type the written name contains, to be confirmed by the player. */
  readonly guess?: TypeGuess;
}

/** Items that are the same for pricing (type, blueprint state and runs, damage, killmail fate), quantities summed. */
export interface MergedPasteItem {
  readonly typeId: number | null;
  readonly name: string;
  readonly quantity: number;
  readonly flags: Pick<PasteItemFlags, 'blueprint' | 'runs' | 'damagePercent' | 'fate'>;
  readonly lineNumbers: readonly number[];
  readonly formats: readonly PasteFormat[];
  readonly guess?: TypeGuess;
}

export const UNPARSED_REASONS = [
  'unrecognised',
  'unknown-item',
  'invalid-quantity',
  'line-too-long',
] as const;
export type UnparsedReason = (typeof UNPARSED_REASONS)[number];

/** A non-blank line no format could take, with a sentence the page can show beside it. */
export interface UnparsedLine {
  readonly lineNumber: number;
  /** The line as pasted, cut to {@link UNPARSED_TEXT_MAX} characters. */
  readonly text: string;
  readonly reason: UnparsedReason;
  readonly message: string;
  /** For `unknown-item`: the name no type has, and the quantity the line gave it. */
  readonly name?: string;
  readonly quantity?: number;
}

export type SkipReason = 'header' | 'metadata' | 'empty-slot' | 'no-items' | 'summary';

/**
 * A line a format recognised that holds no item: a section or column header, killmail details, an empty EFT slot, a
 * wallet journal entry, a total.
 */
export interface SkippedLine {
  readonly lineNumber: number;
  readonly format: PasteFormat;
  readonly reason: SkipReason;
}

export type PasteProblemCode = 'empty' | 'too-large' | 'too-many-lines' | 'nothing-parsed';

/** Why a paste as a whole gave nothing to appraise. */
export interface PasteProblem {
  readonly code: PasteProblemCode;
  readonly message: string;
}

export interface FormatUsage {
  readonly format: PasteFormat;
  /** Lines the format took, items or skipped (total lines aside). */
  readonly lines: number;
}

export interface PasteParseResult {
  /** In paste order. */
  readonly items: readonly PasteItem[];
  /** In order of first appearance. */
  readonly merged: readonly MergedPasteItem[];
  readonly unparsed: readonly UnparsedLine[];
  readonly skipped: readonly SkippedLine[];
  /** The parsers that matched, most lines first: what the live preview names beside the item count. */
  readonly formats: readonly FormatUsage[];
  /** The format that produced items from the most lines; null when none did. */
  readonly kind: PasteFormat | null;
  /** Lines in the paste, blank ones included. */
  readonly lineCount: number;
  readonly problem: PasteProblem | null;
}

export interface PasteParseOptions {
  /** Larger pastes are refused whole (`too-large`). Counted in UTF-8 bytes. Default 1,000,000. */
  readonly maxBytes?: number;
  /** More lines are refused whole (`too-many-lines`). Default 10,000. */
  readonly maxLines?: number;
  /** Longer lines are reported unparsed (`line-too-long`) without being looked at. Default 1,000. */
  readonly maxLineLength?: number;
  /** Names the types of ship DNA (`17841:3178;2::`); without it their ids stay unknown items `Type <id>`. */
  readonly resolveTypeId?: TypeIdResolver;
}

export const UNPARSED_TEXT_MAX = 200;
