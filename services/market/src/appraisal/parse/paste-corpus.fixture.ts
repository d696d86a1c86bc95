import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PasteParseResult, ResolvedTypeName, TypeIdResolver, TypeNameResolver } from './paste.types';

/**
 * The paste corpus: `corpus/<format>/<name>.txt` is a paste written in that format, `<name>.json` what it must parse
 * to. `corpus/types.json` holds the SDE types the pastes name, with their names in every client language the SDE
 * has (English, German, Spanish, French, Japanese, Korean, Russian, Chinese), taken from the SDE the static data
 * imports.
 */
export const CORPUS_DIR = join(__dirname, 'corpus');

/** `[line, format, name, quantity, flags?]`; the name starts with `?` when no type has it. */
export type ExpectedItem = [number, string, string, number] | [number, string, string, number, object];

export interface CorpusExpectation {
  /** What the paste is and what it exercises. */
  readonly about: string;
  readonly kind: string | null;
  /** `[format, lines]`, most lines first. */
  readonly formats: readonly (readonly [string, number])[];
  readonly items: readonly ExpectedItem[];
  /** `[line, reason]`. */
  readonly unparsed: readonly (readonly [number, string])[];
  /** `[line, format, reason]`. */
  readonly skipped: readonly (readonly [number, string, string])[];
}

export interface CorpusCase {
  /** `<format>/<name>`. */
  readonly id: string;
  /** The folder: the format the paste is written in, or `mixed`. */
  readonly format: string;
  readonly text: string;
  readonly expected: CorpusExpectation;
}

interface CorpusType {
  readonly typeId: number;
  readonly volume: number;
  readonly names: Readonly<Record<string, string>>;
}

export function readCorpus(): CorpusCase[] {
  const cases: CorpusCase[] = [];
  const formats = readdirSync(CORPUS_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  for (const format of formats) {
    const names = readdirSync(join(CORPUS_DIR, format))
      .filter((file) => file.endsWith('.txt'))
      .map((file) => file.slice(0, -'.txt'.length))
      .sort();
    for (const name of names) {
      const base = join(CORPUS_DIR, format, name);
      cases.push({
        id: `${format}/${name}`,
        format,
        text: readFileSync(`${base}.txt`, 'utf8'),
        expected: JSON.parse(readFileSync(`${base}.json`, 'utf8')) as CorpusExpectation,
      });
    }
  }
  return cases;
}

function foldName(name: string): string {
  return name.replace(/\s+/g, ' ').trim().toLowerCase();
}

/**
 * Resolves the corpus types by any of their names, as the static data would: case-insensitive, inner whitespace
 * collapsed, every language; the canonical name is the English one.
 */
export function corpusTypeNames(): TypeNameResolver {
  const types = JSON.parse(readFileSync(join(CORPUS_DIR, 'types.json'), 'utf8')) as CorpusType[];
  const byName = new Map<string, ResolvedTypeName>();
  for (const type of types) {
    const resolved = { typeId: type.typeId, name: type.names.en!, volume: type.volume };
    for (const name of Object.values(type.names)) {
      if (!byName.has(foldName(name))) byName.set(foldName(name), resolved);
    }
  }
  return (name) => byName.get(foldName(name)) ?? null;
}

/** Resolves the corpus types by id (ship DNA), with their English names. */
export function corpusTypeIds(): TypeIdResolver {
  const types = JSON.parse(readFileSync(join(CORPUS_DIR, 'types.json'), 'utf8')) as CorpusType[];
  const byId = new Map(
    types.map((type) => [type.typeId, { typeId: type.typeId, name: type.names.en!, volume: type.volume }]),
  );
  return (typeId) => byId.get(typeId) ?? null;
}

/** A parse result in the corpus's terms, to compare with a {@link CorpusExpectation}. */
export function describeResult(result: PasteParseResult): Omit<CorpusExpectation, 'about'> {
  return {
    kind: result.kind,
    formats: result.formats.map((usage) => [usage.format, usage.lines] as const),
    items: result.items.map((item): ExpectedItem => {
      const guess = item.guess ? ` ≈ ${item.guess.name}` : '';
      const name = item.typeId === null ? `?${item.name}${guess}` : item.name;
      return Object.keys(item.flags).length > 0
        ? [item.lineNumber, item.format, name, item.quantity, item.flags]
        : [item.lineNumber, item.format, name, item.quantity];
    }),
    unparsed: result.unparsed.map((line) => [line.lineNumber, line.reason] as const),
    skipped: result.skipped.map((line) => [line.lineNumber, line.format, line.reason] as const),
  };
}
