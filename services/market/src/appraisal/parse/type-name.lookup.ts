import type { ResolvedTypeName, TypeNameResolver } from './paste.types';
import { looksNumeric } from './quantity.parser';
import { renamedTypeAliases } from './renamed-types.alias';

/** A name as the paste wrote it, matched (or not) to a type. */
export interface NameMatch {
  /** Null when no type has the name. */
  readonly typeId: number | null;
  /** Canonical when known, else the cleaned name as written. */
  readonly name: string;
  readonly volume?: number;
  /** From a `(Copy)` / `(Original)` suffix. */
  readonly blueprint?: 'copy' | 'original';
}

/** Longer than any type name in any language; such text is not looked up. */
const NAME_MAX = 150;
const WHITESPACE_RUN = /\s+/g;
const NEEDS_COLLAPSING = /\s\s|[^\S ]/;
const BLUEPRINT_SUFFIX =
  /\s*\((copy|kopie|copie|copia|копия|コピー|复制品|사본|original|оригинал|オリジナル|原件|원본)\)$/i;
const ORIGINAL_WORDS = new Set(['original', 'оригинал', 'オリジナル', '原件', '원본']);
const TYPOGRAPHIC_APOSTROPHES = /[‘’ʼ`´]/g;
const HAS_TYPOGRAPHIC_APOSTROPHE = /[‘’ʼ`´]/;
const OPENING_QUOTE = /(^|[\s("])'/g;

/**
 * Names as players paste them, matched through the injected resolver: surrounding space and repeated inner spaces
 * ignored, one trailing `*` (localised clients mark names with it) dropped, a `(Copy)` suffix read as a blueprint
 * copy, typographic apostrophes read as `'` and typed ones as typographic, and renamed types found under their old
 * names. Each distinct name
 * reaches the resolver once per paste.
 */
export class TypeNameLookup {
  private readonly cache = new Map<string, ResolvedTypeName | null>();
  private readonly variantCache = new Map<string, ResolvedTypeName | null>();

  constructor(private readonly resolver: TypeNameResolver) {}

  /** The type `written` names, or null when none does (or it is no name at all). */
  find(written: string): NameMatch | null {
    const match = this.match(written);
    return match && match.typeId !== null ? match : null;
  }

  /**
   * For formats that leave no doubt the text names an item: the type, or a match without a type carrying the name
   * as written. Null when nothing is left of the name after cleaning, or it is a number.
   */
  match(written: string): NameMatch | null {
    let name = cleanName(written);
    if (name.length === 0 || name.length > NAME_MAX || looksNumeric(name)) return null;
    let blueprint: NameMatch['blueprint'];
    const marked = name.endsWith(')*') || name.endsWith(') *') ? cleanName(name.slice(0, -1)) : name;
    const suffix = marked.endsWith(')') ? BLUEPRINT_SUFFIX.exec(marked) : null;
    if (suffix) {
      blueprint = ORIGINAL_WORDS.has(suffix[1]!.toLowerCase()) ? 'original' : 'copy';
      name = cleanName(marked.slice(0, suffix.index));
      if (name.length === 0) return null;
    }
    const resolved = this.resolveWithVariants(name);
    const found: NameMatch = resolved
      ? { typeId: resolved.typeId, name: resolved.name, volume: resolved.volume }
      : { typeId: null, name };
    return blueprint ? { ...found, blueprint } : found;
  }

  private resolveWithVariants(name: string): ResolvedTypeName | null {
    const key = name.toLowerCase();
    const known = this.variantCache.get(key);
    if (known !== undefined) return known;
    const resolved = this.resolveVariants(name);
    this.variantCache.set(key, resolved);
    return resolved;
  }

  private resolveVariants(name: string): ResolvedTypeName | null {
    const direct = this.resolve(name);
    if (direct) return direct;
    if (name.endsWith('*')) {
      const unmarked = this.resolve(cleanName(name.slice(0, -1)));
      if (unmarked) return unmarked;
    }
    if (HAS_TYPOGRAPHIC_APOSTROPHE.test(name)) {
      const plain = this.resolve(name.replace(TYPOGRAPHIC_APOSTROPHES, "'"));
      if (plain) return plain;
    }
    // Some names are written with typographic quotes (`Mordu’s ...`, `Encrypted ‘Istina’ Data`); keyboards type '.
    if (name.includes("'")) {
      const typographic = this.resolve(name.replace(OPENING_QUOTE, '$1‘').replaceAll("'", '’'));
      if (typographic) return typographic;
    }
    for (const alias of renamedTypeAliases(name)) {
      const renamed = this.resolve(alias);
      if (renamed) return renamed;
    }
    return null;
  }

  private resolve(name: string): ResolvedTypeName | null {
    if (name.length === 0) return null;
    const key = name.toLowerCase();
    const cached = this.cache.get(key);
    if (cached !== undefined) return cached;
    const resolved = this.resolver(name) ?? null;
    this.cache.set(key, resolved);
    return resolved;
  }
}

/** Trimmed, inner runs of whitespace as one space. */
export function cleanName(text: string): string {
  return NEEDS_COLLAPSING.test(text) ? text.replace(WHITESPACE_RUN, ' ').trim() : text.trim();
}
